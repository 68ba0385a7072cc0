import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATUSES = `('PENDIENTE_PAGO','POR_CONFIRMAR','PAGADO','EN_PREPARACION','ENVIADO','ENTREGADO','DEVUELTO','PAGO_RECHAZADO','EXPIRADO','CANCELADO')`;
const OLD_STATUSES = `('PENDIENTE_PAGO','POR_CONFIRMAR','PAGADO','EN_PREPARACION','ENVIADO','ENTREGADO','PAGO_RECHAZADO','EXPIRADO','CANCELADO')`;
const FLAGS = `ARRAY['MONTO_NO_COINCIDE','REEMBOLSO_PENDIENTE','PAGO_ANULADO']::text[]`;
const EVENTS = `('RETURN_REQUESTED','RETURN_ACCEPTED','RETURN_REJECTED','RETURN_RECEIVED','REFUNDED','CASH_COLLECTED')`;

/**
 * The canonical form of an email (shared/customer-email.ts) written once in SQL for the rows stored before it
 * existed: lower case, no `+tag`, and for gmail.com / googlemail.com no dots and gmail.com as the domain. New rows
 * get the column from the shared rule; tests/api/money-and-stock.test.ts checks this expression against it.
 */
export const CANONICAL_EMAIL_SQL = (column: string) => `(
  SELECT CASE
    WHEN at.domain IN ('gmail.com', 'googlemail.com') THEN replace(at.local, '.', '') || '@gmail.com'
    ELSE at.local || '@' || at.domain
  END
  FROM (
    SELECT
      CASE WHEN position('+' IN p.local) > 1 THEN substr(p.local, 1, position('+' IN p.local) - 1) ELSE p.local END AS local,
      p.domain
    FROM (
      SELECT substring(e.v FROM '^(.*)@[^@]*$') AS local, substring(e.v FROM '@([^@]*)$') AS domain
      FROM (SELECT lower(btrim(${column})) AS v) e
    ) p
  ) at
  WHERE at.local <> ''
)`;

/**
 * Money and stock that must never be given away:
 * - each order line keeps its share of the order discount (returns give back what was paid, no more), backfilled
 *   over the lines the code covers today;
 * - each order keeps what was refunded, never more than its total;
 * - the units and money of an order's return requests (all but rejected ones) never pass what was bought and paid:
 *   a deferred constraint trigger that locks the order first, so concurrent requests are checked one after another;
 * - orders keep the canonical form of their email, indexed, for every per-customer rule;
 * - DEVUELTO: a parcel that came back to the shop (refused at the door); order flags and timeline events are closed
 *   lists;
 * - cash on delivery: how many hours staff have to confirm an order before it is cancelled and its stock returns.
 */
export class MoneyAndStock1766000000000 implements MigrationInterface {
  name = 'MoneyAndStock1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE shop_order DROP CONSTRAINT shop_order_status_check;
      ALTER TABLE shop_order ADD CONSTRAINT shop_order_status_check CHECK (status IN ${STATUSES});
      ALTER TABLE order_transition DROP CONSTRAINT order_transition_from_status_check, DROP CONSTRAINT order_transition_to_status_check;
      ALTER TABLE order_transition
        ADD CONSTRAINT order_transition_from_status_check CHECK (from_status IS NULL OR from_status IN ${STATUSES}),
        ADD CONSTRAINT order_transition_to_status_check CHECK (to_status IN ${STATUSES}),
        ADD CONSTRAINT order_transition_event_check CHECK (event IS NULL OR event IN ${EVENTS});
      ALTER TABLE shop_order ADD CONSTRAINT shop_order_flags_check CHECK (flags <@ ${FLAGS});

      ALTER TABLE shop_order ADD COLUMN email_canonical varchar(254);
      UPDATE shop_order SET email_canonical = COALESCE(${CANONICAL_EMAIL_SQL('email')}, lower(btrim(email)));
      ALTER TABLE shop_order ALTER COLUMN email_canonical SET NOT NULL;
      DROP INDEX shop_order_open_email_idx;
      CREATE INDEX shop_order_email_canonical_idx ON shop_order (email_canonical);
      CREATE INDEX shop_order_open_email_idx ON shop_order (email_canonical) WHERE status IN ('PENDIENTE_PAGO', 'POR_CONFIRMAR');
      CREATE INDEX shop_order_to_confirm_idx ON shop_order (created_at) WHERE status = 'POR_CONFIRMAR';

      ALTER TABLE shop_order ADD COLUMN refunded int NOT NULL DEFAULT 0;
      UPDATE shop_order o SET refunded = LEAST(o.total, r.sum)
        FROM (SELECT order_id, sum(refund_amount)::int AS sum FROM return_request WHERE status = 'REEMBOLSADA' GROUP BY order_id) r
       WHERE r.order_id = o.id;
      ALTER TABLE shop_order ADD CONSTRAINT shop_order_refunded_check CHECK (refunded >= 0 AND refunded <= total);

      ALTER TABLE order_line ADD COLUMN discount int NOT NULL DEFAULT 0;
      WITH lines AS (
        SELECT l.id, l.order_id, l.position, l.line_total, o.discount,
               (dc.code IS NULL OR cardinality(dc.category_slugs) = 0 OR l.category_slug = ANY (dc.category_slugs)) AS covered
          FROM order_line l
          JOIN shop_order o ON o.id = l.order_id
          LEFT JOIN discount_code dc ON dc.code = o.discount_code
         WHERE o.discount > 0
      ), weighted AS (
        -- Lines the code covers carry the discount; if the code changed so that none does, every line does.
        SELECT id, order_id, position, discount::bigint AS discount,
               CASE WHEN covered OR NOT bool_or(covered) OVER (PARTITION BY order_id) THEN line_total ELSE 0 END::bigint AS weight
          FROM lines
      ), totals AS (
        SELECT *, sum(weight) OVER (PARTITION BY order_id) AS total_weight FROM weighted
      ), floored AS (
        SELECT id, order_id, position, discount,
               CASE WHEN total_weight = 0 THEN 0 ELSE (discount * weight) / total_weight END AS base,
               CASE WHEN total_weight = 0 THEN 0 ELSE (discount * weight) % total_weight END AS remainder,
               total_weight
          FROM totals
      ), ranked AS (
        SELECT id, base, total_weight,
               row_number() OVER (PARTITION BY order_id ORDER BY remainder DESC, position, id) AS rank,
               discount - sum(base) OVER (PARTITION BY order_id) AS left_over
          FROM floored
      )
      UPDATE order_line l
         SET discount = r.base + CASE WHEN r.total_weight > 0 AND r.rank <= r.left_over THEN 1 ELSE 0 END
        FROM ranked r WHERE r.id = l.id;
      ALTER TABLE order_line ADD CONSTRAINT order_line_discount_check CHECK (discount >= 0 AND discount <= line_total);

      CREATE FUNCTION enzo_return_caps_check() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        target int;
      BEGIN
        IF TG_TABLE_NAME = 'return_request' THEN
          target := NEW.order_id;
        ELSE
          SELECT order_id INTO target FROM return_request WHERE id = NEW.return_id;
        END IF;
        -- One order's requests are checked one transaction after another.
        PERFORM 1 FROM shop_order WHERE id = target FOR UPDATE;
        IF EXISTS (
          SELECT 1 FROM return_line rl JOIN return_request r ON r.id = rl.return_id
            JOIN order_line l ON l.id = rl.order_line_id
           WHERE r.order_id = target AND l.order_id <> target
        ) THEN
          RAISE EXCEPTION 'a return of order % names a line of another order', target USING ERRCODE = 'check_violation';
        END IF;
        IF EXISTS (
          SELECT 1 FROM return_line rl JOIN return_request r ON r.id = rl.return_id AND r.status <> 'RECHAZADA'
            JOIN order_line l ON l.id = rl.order_line_id
           WHERE r.order_id = target
           GROUP BY l.id, l.quantity HAVING sum(rl.quantity) > l.quantity
        ) THEN
          RAISE EXCEPTION 'returns of order % pass the units bought', target USING ERRCODE = 'check_violation';
        END IF;
        IF (SELECT COALESCE(sum(refund_amount), 0) FROM return_request WHERE order_id = target AND status <> 'RECHAZADA')
           > (SELECT total FROM shop_order WHERE id = target) THEN
          RAISE EXCEPTION 'returns of order % pass what was paid', target USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER return_line_caps AFTER INSERT OR UPDATE ON return_line
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION enzo_return_caps_check();
      CREATE CONSTRAINT TRIGGER return_request_caps AFTER INSERT OR UPDATE ON return_request
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION enzo_return_caps_check();

      ALTER TABLE cash_on_delivery_settings
        ADD COLUMN confirm_within_hours int NOT NULL DEFAULT 48 CHECK (confirm_within_hours BETWEEN 1 AND 720);
    `);
  }

  /** Refuses while an order is DEVUELTO (the old list cannot hold it). */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cash_on_delivery_settings DROP COLUMN confirm_within_hours;
      DROP TRIGGER return_request_caps ON return_request;
      DROP TRIGGER return_line_caps ON return_line;
      DROP FUNCTION enzo_return_caps_check();
      ALTER TABLE order_line DROP COLUMN discount;
      ALTER TABLE shop_order DROP COLUMN refunded;
      DROP INDEX shop_order_to_confirm_idx;
      DROP INDEX shop_order_open_email_idx;
      DROP INDEX shop_order_email_canonical_idx;
      ALTER TABLE shop_order DROP COLUMN email_canonical;
      CREATE INDEX shop_order_open_email_idx ON shop_order (email) WHERE status = 'PENDIENTE_PAGO';
      ALTER TABLE shop_order DROP CONSTRAINT shop_order_flags_check;
      ALTER TABLE order_transition DROP CONSTRAINT order_transition_event_check,
        DROP CONSTRAINT order_transition_from_status_check, DROP CONSTRAINT order_transition_to_status_check;
      ALTER TABLE order_transition
        ADD CONSTRAINT order_transition_from_status_check CHECK (from_status IS NULL OR from_status IN ${OLD_STATUSES}),
        ADD CONSTRAINT order_transition_to_status_check CHECK (to_status IN ${OLD_STATUSES});
      ALTER TABLE shop_order DROP CONSTRAINT shop_order_status_check;
      ALTER TABLE shop_order ADD CONSTRAINT shop_order_status_check CHECK (status IN ${OLD_STATUSES});
    `);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team and its activity log.
 *
 * `staff_member` is who is staff and with what role (Firebase only proves who a person is). Accounts that had the
 * old `staff` custom claim get an owner row the first time they sign in (Firebase cannot be listed from here). Two
 * rules live in the database so that no code path can skip them:
 * - the shop never loses its last enabled owner: a change that takes the owner role (or access) from someone runs
 *   under one advisory lock and fails when no other enabled owner is left, so two owners demoting each other at the
 *   same time leave one;
 * - every change notifies `enzo_staff`, so each instance drops the roles it keeps for a few seconds.
 *
 * `audit_entry` is append-only: updates, deletes and TRUNCATE are refused, except the prune job's deletes (it sets
 * `enzo.audit_prune` for its own transaction) of entries more than 180 days old.
 */
export class StaffTeam1766300000000 implements MigrationInterface {
  name = 'StaffTeam1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE staff_member (
        uid text PRIMARY KEY CHECK (length(uid) BETWEEN 1 AND 128),
        email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
        display_name text NOT NULL DEFAULT '' CHECK (length(display_name) <= 80),
        role text NOT NULL CHECK (role IN ('propietario', 'administrador', 'operador', 'consulta')),
        disabled boolean NOT NULL DEFAULT false,
        invited_by text,
        invited_at timestamptz,
        last_auth_time bigint,
        last_sign_in_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX staff_member_email ON staff_member (email)`);
    await q.query(`
      CREATE FUNCTION staff_member_keep_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('transaction_isolation') = 'repeatable read' THEN
          -- One snapshot for the whole transaction would not see a concurrent demotion.
          RAISE EXCEPTION 'owners change under read committed or serializable only' USING ERRCODE = '40001';
        END IF;
        PERFORM pg_advisory_xact_lock(hashtext('enzo_staff_owners'));
        -- A fresh snapshot after the lock: an owner demoted by a transaction that just committed is seen.
        IF NOT EXISTS (SELECT 1 FROM staff_member WHERE role = 'propietario' AND NOT disabled) THEN
          RAISE EXCEPTION 'the shop must keep an enabled owner' USING ERRCODE = 'EZ001';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER staff_member_keep_an_owner AFTER UPDATE ON staff_member FOR EACH ROW
      WHEN (OLD.role = 'propietario' AND NOT OLD.disabled AND (NEW.role <> 'propietario' OR NEW.disabled))
      EXECUTE FUNCTION staff_member_keep_an_owner()`);
    await q.query(`
      CREATE TRIGGER staff_member_keep_an_owner_on_delete AFTER DELETE ON staff_member FOR EACH ROW
      WHEN (OLD.role = 'propietario' AND NOT OLD.disabled)
      EXECUTE FUNCTION staff_member_keep_an_owner()`);
    await q.query(`
      CREATE FUNCTION enzo_notify_staff_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('enzo_staff', '');
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER staff_member_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_member FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_staff_change()`,
    );

    await q.query(`
      CREATE TABLE audit_entry (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL CHECK (kind IN ('change', 'signin', 'refused', 'export')),
        actor_uid text NOT NULL CHECK (length(actor_uid) <= 128),
        actor_email text CHECK (length(actor_email) <= 254),
        actor_role text CHECK (actor_role IN ('propietario', 'administrador', 'operador', 'consulta')),
        operation text NOT NULL CHECK (length(operation) <= 80),
        entity_type text CHECK (length(entity_type) <= 40),
        entity_id text CHECK (length(entity_id) <= 80),
        changes jsonb,
        detail jsonb,
        client_ip text CHECK (length(client_ip) <= 64),
        request_id text CHECK (length(request_id) <= 80)
      )`);
    await q.query(`CREATE INDEX audit_entry_at ON audit_entry (at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX audit_entry_entity ON audit_entry (entity_type, entity_id, at DESC, id DESC) WHERE entity_type IS NOT NULL`,
    );
    await q.query(`CREATE INDEX audit_entry_actor ON audit_entry (actor_uid, at DESC, id DESC)`);
    await q.query(`
      CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('enzo.audit_prune', true) = 'on' AND OLD.at < now() - interval '180 days' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'EZ002';
      END $$`);
    await q.query(
      `CREATE TRIGGER audit_entry_append_only BEFORE UPDATE OR DELETE ON audit_entry FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only()`,
    );
    await q.query(
      `CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_entry`);
    await q.query(`DROP FUNCTION audit_entry_append_only()`);
    await q.query(`DROP TABLE staff_member`);
    await q.query(`DROP FUNCTION enzo_notify_staff_change()`);
    await q.query(`DROP FUNCTION staff_member_keep_an_owner()`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operations: the owner's backup and alert settings (one row), each backup run (scheduled or asked for) with where it
 * went, and each alert condition's state, which also remembers when the owner was last emailed about it (at most once
 * an hour, whichever instance checks).
 */
export class Operations1766500000000 implements MigrationInterface {
  name = 'Operations1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operations_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        backup_enabled boolean NOT NULL DEFAULT true,
        backup_time varchar(5) NOT NULL DEFAULT '03:00' CHECK (backup_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        keep_daily int NOT NULL DEFAULT 7 CHECK (keep_daily BETWEEN 1 AND 90),
        keep_weekly int NOT NULL DEFAULT 4 CHECK (keep_weekly BETWEEN 0 AND 52),
        keep_monthly int NOT NULL DEFAULT 12 CHECK (keep_monthly BETWEEN 0 AND 60),
        backup_max_age_hours int NOT NULL DEFAULT 26 CHECK (backup_max_age_hours BETWEEN 2 AND 336),
        payment_failure_percent int NOT NULL DEFAULT 50 CHECK (payment_failure_percent BETWEEN 1 AND 100),
        payment_min_attempts int NOT NULL DEFAULT 5 CHECK (payment_min_attempts BETWEEN 1 AND 1000),
        payment_window_minutes int NOT NULL DEFAULT 60 CHECK (payment_window_minutes BETWEEN 5 AND 1440),
        no_paid_order_hours int NOT NULL DEFAULT 6 CHECK (no_paid_order_hours BETWEEN 1 AND 168),
        opening_hour smallint NOT NULL DEFAULT 8 CHECK (opening_hour BETWEEN 0 AND 23),
        closing_hour smallint NOT NULL DEFAULT 20 CHECK (closing_hour BETWEEN 1 AND 24),
        job_stuck_minutes int NOT NULL DEFAULT 15 CHECK (job_stuck_minutes BETWEEN 2 AND 1440),
        disk_free_percent int NOT NULL DEFAULT 10 CHECK (disk_free_percent BETWEEN 1 AND 90),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(200),
        CHECK (closing_hour > opening_hour)
      );
      INSERT INTO operations_settings DEFAULT VALUES;

      CREATE TABLE backup_run (
        id serial PRIMARY KEY,
        trigger varchar(10) NOT NULL CHECK (trigger IN ('SCHEDULED', 'MANUAL')),
        status varchar(10) NOT NULL CHECK (status IN ('RUNNING', 'OK', 'FAILED')),
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        file_name varchar(100),
        bytes bigint,
        sha256 varchar(64),
        locations text[] NOT NULL DEFAULT '{}',
        orders int,
        products int,
        customers int,
        error text
      );
      CREATE INDEX backup_run_started_idx ON backup_run (started_at DESC);

      CREATE TABLE alert_state (
        key varchar(40) PRIMARY KEY,
        firing boolean NOT NULL,
        message text NOT NULL,
        since timestamptz,
        checked_at timestamptz NOT NULL DEFAULT now(),
        notified_at timestamptz
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE alert_state; DROP TABLE backup_run; DROP TABLE operations_settings;`);
  }
}

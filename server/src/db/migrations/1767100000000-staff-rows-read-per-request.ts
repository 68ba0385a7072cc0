import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No instance keeps staff rows any more (modules/team/staff-directory.ts reads the caller's row on every staff
 * request), so nothing listens to `enzo_staff`: the trigger that notified it on every change to `staff_member` goes.
 * An instance that had kept a row for a few seconds could answer one more request with a role already changed
 * elsewhere, until the notification reached it.
 */
export class StaffRowsReadPerRequest1767100000000 implements MigrationInterface {
  name = 'StaffRowsReadPerRequest1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER staff_member_change ON staff_member`);
    await q.query(`DROP FUNCTION enzo_notify_staff_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION enzo_notify_staff_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('enzo_staff', '');
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER staff_member_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_member FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_staff_change()`,
    );
  }
}

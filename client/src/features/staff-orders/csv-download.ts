import { downloadStaffFile } from '../../lib/staff-download';

/** Downloads the CSV export with the staff member's bearer token. */
export function downloadCsv(url: string): Promise<void> {
  return downloadStaffFile(url, 'ordenes-enzo.csv');
}

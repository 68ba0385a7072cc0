import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser } from '../setup/staff-tokens.js';

const base = inject('shopUrl');
const EMAIL = 'e2e-operaciones@enzo.test';
const PASSWORD = 'clave-e2e-operaciones';
let browser: Browser;

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
});
afterAll(() => browser?.close());

describe('backups and alerts on a phone', () => {
  it('the owner asks for a backup and sees it finished, and saves a setting, at 390 px', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/dashboard/operaciones`);
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Copias de seguridad y alertas' }).waitFor();

    await page.getByRole('button', { name: 'Hacer una copia ahora' }).click();
    await page.getByText('Copia de seguridad en camino').waitFor();
    // The page polls; the job queue runs the backup on the shop (real pg_dump).
    await page.reload();
    const table = page.getByRole('table', { name: 'Últimas copias de seguridad' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1 }).waitFor();
          return (await table.count()) > 0 ? await table.innerText() : '';
        },
        { timeout: 90_000, interval: 2000 },
      )
      .toMatch(/Pedida desde el panel[\s\S]*Completa[\s\S]*enzo-backup-/);

    const time = page.getByLabel('Hora de la copia (HH:MM, hora de Colombia)');
    await time.fill('2:30');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await page.getByText('usa el formato HH:MM').waitFor();
    await time.fill('02:30');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await page.getByText('Ajustes de copias de seguridad y alertas guardados.').waitFor();

    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});

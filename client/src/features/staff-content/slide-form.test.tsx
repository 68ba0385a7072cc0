import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { fill } from '../../test-utils/fill';
import {
  StaffCreateHomeSlideDocument,
  StaffUploadImageDocument,
  type StaffCreateHomeSlideMutationVariables,
  type StaffUploadImageMutationVariables,
} from './staff-content.generated';
import { SlideForm } from './slide-form';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function serve() {
  const uploads: Array<StaffUploadImageMutationVariables['input']> = [];
  const created: Array<StaffCreateHomeSlideMutationVariables['input']> = [];
  mswServer.use(
    graphql.mutation(StaffUploadImageDocument, ({ variables }) => {
      uploads.push(variables.input);
      const key = `content/slide-${uploads.length}.png`;
      return HttpResponse.json({
        data: {
          staffUploadImage: {
            __typename: 'UploadedImage',
            key,
            url: `/media/${key}`,
            alt: variables.input.alt,
            width: 1600,
            height: 600,
          },
        },
      });
    }),
    graphql.mutation(StaffCreateHomeSlideDocument, ({ variables }) => {
      created.push(variables.input);
      const i = variables.input;
      const image = (key: string) => ({ __typename: 'Image' as const, url: `/media/${key}`, width: 1600, height: 600 });
      return HttpResponse.json({
        data: {
          staffCreateHomeSlide: {
            __typename: 'StaffHomeSlide',
            id: '9',
            position: 6,
            ...i,
            startsAt: i.startsAt ?? null,
            endsAt: i.endsAt ?? null,
            desktopImage: image(i.desktopImageKey),
            mobileImage: image(i.mobileImageKey),
          },
        },
      });
    }),
  );
  return { uploads, created };
}

describe('home slide form', () => {
  it(
    'uploads both pictures, then creates a dated slide (Bogotá time) with its description and link',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { uploads, created } = serve();
      const onDone = vi.fn();
      renderWithProviders(<SlideForm slide={null} onDone={onDone} />);
      await fill(user, screen.getByLabelText('Título (nombre de la diapositiva)'), 'Navidad peluda');
      await fill(
        user,
        screen.getByLabelText('Descripción de las imágenes'),
        'Navidad peluda: chaquetas de denim para el frío de diciembre',
      );
      await fill(user, screen.getByLabelText('Enlace'), '/chaquetas');
      await user.upload(
        screen.getByLabelText('Subir: imagen para computador'),
        new File([PNG], 'navidad.png', { type: 'image/png' }),
      );
      await user.upload(
        await screen.findByLabelText('Subir: imagen para celular'),
        new File([PNG], 'navidad-cel.png', { type: 'image/png' }),
      );
      await screen.findByLabelText('Cambiar: imagen para celular');
      await fill(user, screen.getByLabelText('Se muestra desde (opcional)'), '2026-12-01T00:00');
      await fill(user, screen.getByLabelText('Se apaga el (opcional)'), '2026-12-26T00:00');
      await user.click(screen.getByRole('button', { name: 'Guardar diapositiva' }));
      await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Diapositiva creada.'));
      expect(uploads.map((u) => [u.contentType, u.name, u.alt])).toEqual([
        ['image/png', 'Navidad peluda-computador', 'Navidad peluda: chaquetas de denim para el frío de diciembre'],
        ['image/png', 'Navidad peluda-celular', 'Navidad peluda: chaquetas de denim para el frío de diciembre'],
      ]);
      expect(created).toEqual([
        {
          title: 'Navidad peluda',
          alt: 'Navidad peluda: chaquetas de denim para el frío de diciembre',
          link: '/chaquetas',
          desktopImageKey: 'content/slide-1.png',
          mobileImageKey: 'content/slide-2.png',
          startsAt: '2026-12-01T05:00:00.000Z',
          endsAt: '2026-12-26T05:00:00.000Z',
          active: true,
        },
      ]);
    },
  );

  it('refuses an unsafe link, missing pictures and a window that ends before it starts, sending nothing', async () => {
    const user = userEvent.setup();
    const { created } = serve();
    renderWithProviders(<SlideForm slide={null} onDone={vi.fn()} />);
    await fill(user, screen.getByLabelText('Título (nombre de la diapositiva)'), 'Mala');
    await fill(user, screen.getByLabelText('Descripción de las imágenes'), 'Una diapositiva de prueba');
    await fill(user, screen.getByLabelText('Enlace'), 'javascript:alert(1)');
    await fill(user, screen.getByLabelText('Se muestra desde (opcional)'), '2026-12-10T00:00');
    await fill(user, screen.getByLabelText('Se apaga el (opcional)'), '2026-12-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Guardar diapositiva' }));
    expect(
      await screen.findByText('El enlace debe ser una ruta de la tienda (ej. /chaquetas) o una dirección https://.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Sube la imagen para computador.')).toBeInTheDocument();
    expect(screen.getByText('Sube la imagen para celular.')).toBeInTheDocument();
    expect(screen.getByText('La fecha de fin debe ser posterior a la de inicio.')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('refuses a file that is not a picture before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { uploads } = serve();
    renderWithProviders(<SlideForm slide={null} onDone={vi.fn()} />);
    await user.upload(
      screen.getByLabelText('Subir: imagen para computador'),
      new File(['hola'], 'nota.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Formato no admitido: usa PNG, JPEG, WebP o SVG.');
    expect(uploads).toEqual([]);
  });
});

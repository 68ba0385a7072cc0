import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangeFields, FilterSelect, type FilterOptions } from './filter-fields';

function Select({
  initial,
  options,
  unknown,
}: {
  initial: string;
  options: FilterOptions;
  unknown?: (value: string) => string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <FilterSelect
      label="Estado"
      all="Todos los estados"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      options={options}
      unknown={unknown}
    />
  );
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

describe('FilterSelect', () => {
  it('labels its select, leads with «Todos» (the empty value) and lists pairs in their order', async () => {
    render(
      <Select
        initial=""
        options={[
          ['PAGADO', 'Pagado'],
          ['ENVIADO', 'Enviado'],
        ]}
      />,
    );
    const select = screen.getByLabelText('Estado');
    expect(select.tagName).toBe('SELECT');
    expect(optionTexts(select)).toEqual([
      ['', 'Todos los estados'],
      ['PAGADO', 'Pagado'],
      ['ENVIADO', 'Enviado'],
    ]);
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Enviado');
    expect(select).toHaveValue('ENVIADO');
  });

  it('takes a labels map in its declared order', () => {
    render(<Select initial="PSE" options={{ CARD: 'Tarjeta', PSE: 'PSE' }} />);
    const select = screen.getByLabelText('Estado');
    expect(optionTexts(select)).toEqual([
      ['', 'Todos los estados'],
      ['CARD', 'Tarjeta'],
      ['PSE', 'PSE'],
    ]);
    expect(select).toHaveValue('PSE');
  });

  it('keeps a value the options do not list as a choice named by `unknown`, until another is chosen', async () => {
    const { unmount } = render(
      <Select initial="PAGADO,ENVIADO" options={[['PAGADO', 'Pagado']]} unknown={() => 'Varios estados'} />,
    );
    const select = screen.getByLabelText('Estado');
    expect(select).toHaveValue('PAGADO,ENVIADO');
    expect(screen.getByRole('option', { name: 'Varios estados', selected: true })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Pagado');
    expect(screen.queryByRole('option', { name: 'Varios estados' })).toBeNull();
    unmount();

    render(<Select initial="u9" options={[['u2', 'Olga']]} unknown={(uid) => uid} />);
    expect(screen.getByRole('option', { name: 'u9', selected: true })).toHaveValue('u9');
  });

  it('without `unknown`, adds no choice for a value it does not list', () => {
    render(<Select initial="nada" options={[['PAGADO', 'Pagado']]} />);
    expect(optionTexts(screen.getByLabelText('Estado'))).toEqual([
      ['', 'Todos los estados'],
      ['PAGADO', 'Pagado'],
    ]);
  });
});

describe('DateRangeFields', () => {
  it('draws «Desde» and «Hasta» as labelled date inputs and reports each change', async () => {
    const seen: string[] = [];
    render(
      <DateRangeFields
        from="2026-03-01"
        to=""
        onFromChange={(e) => seen.push(`desde=${e.target.value}`)}
        onToChange={(e) => seen.push(`hasta=${e.target.value}`)}
      />,
    );
    const from = screen.getByLabelText('Desde');
    const to = screen.getByLabelText('Hasta');
    expect(from).toHaveAttribute('type', 'date');
    expect(to).toHaveAttribute('type', 'date');
    expect(from).toHaveValue('2026-03-01');
    expect(to).toHaveValue('');
    await userEvent.type(to, '2026-03-31');
    expect(seen.at(-1)).toBe('hasta=2026-03-31');
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { renderWithProviders, stubFetch } from '../test/render';
import { PhoneField } from './phone-field';

function Harness({ initialCode = '86' }: { initialCode?: string }) {
  const [code, setCode] = useState(initialCode);
  const [mobile, setMobile] = useState('');
  return (
    <>
      <PhoneField
        countryCode={code}
        mobile={mobile}
        onMobileChange={setMobile}
        onCountryChange={setCode}
      />
      <output data-testid="state">{`${code}|${mobile}`}</output>
    </>
  );
}

/** The searchable selector arrives as its own chunk; a disabled native select stands in until then. */
async function searchableArea() {
  return waitFor(() => {
    const input = screen
      .getAllByLabelText('Country or region code')
      .find((el) => el.tagName === 'INPUT');
    if (!input) throw new Error('area selector not loaded yet');
    return input;
  });
}

beforeEach(async () => {
  await changeLanguage('en');
  stubFetch(() => ({
    body: {
      code: 200,
      msg: 'ok',
      data: [
        { id: 156, title: 'China', country_code: '86', iso: 'CN' },
        { id: 840, title: 'United States', country_code: '1', iso: 'US' },
        { id: 826, title: 'United Kingdom', country_code: '44', iso: 'GB' },
      ],
    },
  }));
});

describe('PhoneField (spec §5 Phone)', () => {
  it('keeps digits only and stops at the limit of the calling code', () => {
    renderWithProviders(<Harness />);
    const input = screen.getByPlaceholderText('Phone number');
    fireEvent.change(input, { target: { value: '138-0013 8000999' } });
    expect(screen.getByTestId('state')).toHaveTextContent('86|13800138000');
  });

  it('clears a phone longer than the new code allows when the country changes', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByPlaceholderText('Phone number'), {
      target: { value: '13800138000' },
    });
    fireEvent.click(await searchableArea());
    fireEvent.click(await screen.findByText('+1 United States'));
    expect(screen.getByTestId('state')).toHaveTextContent('1|');
  });

  it('keeps a phone that fits the new code', async () => {
    renderWithProviders(<Harness initialCode="1" />);
    fireEvent.change(screen.getByPlaceholderText('Phone number'), {
      target: { value: '2025550123' },
    });
    fireEvent.click(await searchableArea());
    fireEvent.click(await screen.findByText('+44 United Kingdom'));
    expect(screen.getByTestId('state')).toHaveTextContent('44|2025550123');
  });
});

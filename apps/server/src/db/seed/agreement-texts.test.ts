import { describe, expect, it } from 'vitest';
import { AGREEMENT_TEXTS } from './agreement-texts';

describe('the demo agreement texts (issue #19)', () => {
  it('hold no placeholder address: the agreement page shows the configured support contact', () => {
    const texts = JSON.stringify(AGREEMENT_TEXTS);
    expect(texts).not.toMatch(/example\.(com|org|net)/);
    expect(texts).not.toContain('mailto:');
  });
});

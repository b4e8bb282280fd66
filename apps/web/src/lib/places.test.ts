import { describe, expect, it } from 'vitest';
import { formatPlace, loadCountryNamer } from './places';

describe('formatPlace (issue #19: places in the interface language)', () => {
  it.each([
    ['Shanghai', 'China', 'zh_CN', 'Shanghai，中国'],
    ['Shanghai', 'China', 'en', 'Shanghai, China'],
    [null, 'United States', 'zh_CN', '美国'],
    ['Toronto', 'CA', 'zh_CN', 'Toronto，加拿大'],
    ['Toronto', 'ca', 'en', 'Toronto, Canada'],
    ['Springfield', 'Freedonia', 'zh_CN', 'Springfield，Freedonia'],
    ['Beijing', null, 'zh_CN', 'Beijing'],
    [null, '  ', 'en', ''],
    [null, null, 'en', ''],
  ] as const)('%s / %s in %s → %s', async (city, country, language, expected) => {
    const namer = await loadCountryNamer(language);
    expect(formatPlace(city, country, namer, language)).toBe(expected);
  });
});

import type { Country } from '@portal/shared/dict';
import type { Language } from '@portal/shared/i18n';
import type { CountryRegion } from '../../modules/dict/dict.service';
import { pickAsStored } from '../localize';

/** Spec §3 Country: `title` in the request's language, `country_code` without the plus. */
export function countryListWire(regions: CountryRegion[], language: Language): Country[] {
  return regions.map((region) => ({
    id: region.id,
    title: pickAsStored(language, region.name),
    country_code: region.callingCode,
    iso: region.iso,
  }));
}

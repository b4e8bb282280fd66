import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE, LANGUAGE_HEADER, pickLanguage, type Language } from '@portal/shared/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Answer language: `lang` header, then the `lang` cookie in which the parents' app remembers
     * its language (its documents: decision 056), then Accept-Language, then English
     * (docs/product.md → Languages).
     */
    lang: Language;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(
      headerValue(request.headers[LANGUAGE_HEADER]) ?? request.cookies[LANGUAGE_COOKIE],
      headerValue(request.headers['accept-language']),
    );
  });
});

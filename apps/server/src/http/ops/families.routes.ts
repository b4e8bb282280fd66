import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  AdviserListSchema,
  AuditListSchema,
  AuditQuerySchema,
  AvatarOptionListSchema,
  CreditCorrectionAnswerSchema,
  CreditCorrectionBodySchema,
  FamilyChildParamsSchema,
  FamilyChildSchema,
  FamilyDetailSchema,
  FamilyLedgerQuerySchema,
  FamilyListSchema,
  FamilyParamsSchema,
  FamilyParentSchema,
  FamilySearchQuerySchema,
  LedgerListSchema,
  RevealPhoneAnswerSchema,
  UpdateFamilyBodySchema,
  UpdateFamilyChildBodySchema,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { listAvatars } from '../../modules/children/children.service';
import {
  correctFamilyCredits,
  getFamily,
  getFamilyLedger,
  listAdviserOptions,
  listFamilyAudit,
  revealPhone,
  searchFamilies,
  signOutEverywhere,
  updateFamily,
  updateFamilyChild,
  type Actor,
} from '../../modules/families/families.service';
import { ok } from '../envelope';
import { staffOf } from './index';
import {
  auditItemWire,
  familyChildWire,
  familyDetailWire,
  familyParentWire,
  familySummaryWire,
  ledgerItemWire,
} from './families.wire';

/** Who acts, for the audit entry: the member, their role (limits) and address. */
export function actorOf(request: FastifyRequest): Actor {
  const member = staffOf(request);
  return { staffId: member.staffId, role: member.role, ip: request.ip };
}

/**
 * Families (docs/product.md → Staff → Families): search, a family's page, the staff's edits
 * through the parents' own rules, "sign out everywhere" and credit corrections. A family is its
 * parent's `user_sn`; an unknown one, or another family's child, is 404. Reading a family's page
 * and showing the phone are audited; so is every write, in its transaction.
 */
export const familiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const read = { permission: 'families.read' } as const;
  const write = { permission: 'families.write' } as const;
  const tags = ['ops: families'];

  app.get(
    '/advisers',
    {
      config: read,
      schema: {
        tags,
        summary: 'The course advisers',
        response: { 200: envelope(AdviserListSchema) },
      },
    },
    async () => {
      const items = await listAdviserOptions(ctx);
      return ok({ items, total: items.length });
    },
  );

  app.get(
    '/avatars',
    {
      config: read,
      schema: {
        tags,
        summary: 'The avatars a child may have (the parents’ own choices)',
        response: { 200: envelope(AvatarOptionListSchema) },
      },
    },
    async () => {
      const items = (await listAvatars(ctx)).map(({ id, url }) => ({ id, url }));
      return ok({ items, total: items.length });
    },
  );

  app.get(
    '/families',
    {
      config: read,
      schema: {
        tags,
        summary: 'Find families by part of the phone, e-mail, name, user_sn or a child’s nickname',
        querystring: FamilySearchQuerySchema,
        response: { 200: envelope(FamilyListSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchFamilies(ctx, request.query);
      return ok({ items: items.map(familySummaryWire), total });
    },
  );

  app.get(
    '/families/:userSn',
    {
      config: read,
      schema: {
        tags,
        summary: "A family's page (recorded as family.viewed)",
        params: FamilyParamsSchema,
        response: { 200: envelope(FamilyDetailSchema) },
      },
    },
    async (request) =>
      ok(
        familyDetailWire(
          await getFamily(ctx, request.params.userSn, actorOf(request)),
          request.lang,
        ),
      ),
  );

  app.get(
    '/families/:userSn/ledger',
    {
      config: read,
      schema: {
        tags,
        summary: "The family's credit ledger, newest first",
        params: FamilyParamsSchema,
        querystring: FamilyLedgerQuerySchema,
        response: { 200: envelope(LedgerListSchema) },
      },
    },
    async (request) => {
      const { items, total } = await getFamilyLedger(ctx, request.params.userSn, request.query);
      return ok({ items: items.map(ledgerItemWire), total });
    },
  );

  app.get(
    '/families/:userSn/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        summary: 'Audit entries about the family, newest first',
        params: FamilyParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: envelope(AuditListSchema) },
      },
    },
    async (request) => {
      const { page, pageSize, userSn: _ignored, ...filter } = request.query;
      const { items, total } = await listFamilyAudit(ctx, request.params.userSn, filter, {
        page,
        pageSize,
      });
      return ok({ items: items.map(auditItemWire), total });
    },
  );

  app.post(
    '/families/:userSn/reveal-phone',
    {
      config: read,
      schema: {
        tags,
        summary: "The parent's full phone number (recorded as family.phone-revealed)",
        params: FamilyParamsSchema,
        response: { 200: envelope(RevealPhoneAnswerSchema) },
      },
    },
    async (request) => ok(await revealPhone(ctx, request.params.userSn, actorOf(request))),
  );

  app.post(
    '/families/:userSn',
    {
      config: write,
      schema: {
        tags,
        summary: "Change the parent's name, e-mail, adviser or child limit",
        params: FamilyParamsSchema,
        body: UpdateFamilyBodySchema,
        response: { 200: envelope(FamilyParentSchema) },
      },
    },
    async (request) =>
      ok(
        familyParentWire(
          await updateFamily(ctx, request.params.userSn, request.body, actorOf(request)),
        ),
      ),
  );

  app.post(
    '/families/:userSn/children/:studentSn',
    {
      config: write,
      schema: {
        tags,
        summary: "Change a child's nickname, birthday or avatar",
        params: FamilyChildParamsSchema,
        body: UpdateFamilyChildBodySchema,
        response: { 200: envelope(FamilyChildSchema) },
      },
    },
    async (request) =>
      ok(
        familyChildWire(
          await updateFamilyChild(
            ctx,
            request.params.userSn,
            request.params.studentSn,
            request.body,
            actorOf(request),
          ),
        ),
      ),
  );

  app.post(
    '/families/:userSn/sign-out-everywhere',
    {
      config: write,
      schema: {
        tags,
        summary: 'End every session of the parent',
        params: FamilyParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await signOutEverywhere(ctx, request.params.userSn, actorOf(request));
      return ok(null);
    },
  );

  app.post(
    '/families/:userSn/credits',
    {
      config: { permission: 'credits.correct' },
      schema: {
        tags,
        summary: 'Grant or remove credits with a reason (exactly once per idempotency key)',
        params: FamilyParamsSchema,
        body: CreditCorrectionBodySchema,
        response: { 200: envelope(CreditCorrectionAnswerSchema) },
      },
    },
    async (request) =>
      ok(await correctFamilyCredits(ctx, request.params.userSn, request.body, actorOf(request))),
  );
};

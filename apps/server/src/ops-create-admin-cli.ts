import { parseArgs } from 'node:util';
import { StaffEmailSchema } from '@portal/shared/staff';
import { systemClock, type AppContext } from './app-context';
import { prepareDatabase } from './boot';
import { loadConfig } from './config';
import { AppError } from './lib/app-error';
import { createAdminInvitation } from './modules/staff/staff.service';
import { createProviders } from './providers';

/**
 * `npm run ops:create-admin -- --email someone@school.example`: an admin account, invited, with a
 * one-time set-up link (48 hours) printed here and e-mailed (the dev outbox locally). With the
 * embedded database, stop the server first: one process at a time opens its data directory.
 */
async function main() {
  try {
    process.loadEnvFile();
  } catch {
    // no .env
  }
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = StaffEmailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    console.error('Usage: npm run ops:create-admin -- --email someone@school.example');
    process.exit(2);
  }
  const config = loadConfig();
  const handle = await prepareDatabase(config);
  try {
    const ctx: AppContext = {
      config,
      db: handle.db,
      providers: createProviders(config, handle.db),
      clock: systemClock,
    };
    const created = await createAdminInvitation(ctx, email.data, (error) =>
      console.error(
        'The e-mail could not be sent:',
        error instanceof Error ? error.message : error,
      ),
    );
    console.warn(
      `Admin ${email.data} invited (staff id ${created.id}). Set-up link, good until ${created.expiresAt.toISOString()}:`,
    );
    process.stdout.write(`${created.link}\n`);
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'staffEmailTaken') {
      console.error(
        `${email.data} is already a staff member. Another admin can reset their second factor in the console (Staff), which e-mails them a new set-up link.`,
      );
      process.exit(1);
    }
    throw error;
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

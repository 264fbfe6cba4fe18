import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { createRepositories } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { loadSecret } from '../secret.ts';
import {
  createStaffService,
  type EnrolmentShown,
  StaffCommandError,
  type StaffRole,
  type StaffService,
} from '../staff/staff.service.ts';

// `npm run staff -- …`: gives and takes staff roles on the database the server uses
// (DATABASE_URL, or PGlite in DATA_DIR; with PGlite stop the server first, as PGlite lets
// one process at a time open it). Every change ends the account's sessions (decision 0038).

const USAGE = `usage: npm run staff -- <command>
  add <username> --role admin|moderator [--create --email EMAIL]
      make an account staff (with --create, a new account with a generated password);
      prints the authenticator enrolment and 10 recovery codes, once
  remove <username>     back to member: the second factor goes, sessions end
  list                  staff accounts
  reset-2fa <username>  a new authenticator secret and recovery codes; sessions end`;

const ROLE_NAMES: Record<string, StaffRole> = {
  admin: 'administrator',
  administrator: 'administrator',
  moderator: 'moderator',
};

function enrolmentText(shown: EnrolmentShown): string {
  return [
    `${shown.username} is now ${shown.role}; every session of the account has ended.`,
    ...(shown.password ? ['', `Password (shown once): ${shown.password}`] : []),
    '',
    'Add it to an authenticator app (scan or paste the URI, or type the secret):',
    `  ${shown.uri}`,
    `  secret: ${shown.secret}`,
    '',
    'Recovery codes (each works once; keep them offline; shown only now):',
    ...shown.recoveryCodes.map((code) => `  ${code}`),
  ].join('\n');
}

/** Runs one command; answers the process exit code. */
export async function runStaffCommand(
  args: string[],
  staff: StaffService,
  out: (line: string) => void,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        role: { type: 'string' },
        create: { type: 'boolean', default: false },
        email: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    out(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, username, ...extra] = positionals;
  if (values.help || !command) {
    out(USAGE);
    return values.help ? 0 : 2;
  }
  const needsName = command !== 'list';
  if ((needsName && !username) || extra.length > 0 || (!needsName && username)) {
    out(USAGE);
    return 2;
  }
  try {
    switch (command) {
      case 'add': {
        const role = ROLE_NAMES[values.role ?? ''];
        if (!role) {
          out(`--role must be admin or moderator\n${USAGE}`);
          return 2;
        }
        if (values.create && !values.email) {
          out(`--create needs --email\n${USAGE}`);
          return 2;
        }
        const create = values.create && values.email ? { email: values.email } : undefined;
        out(enrolmentText(await staff.add(username ?? '', role, create)));
        return 0;
      }
      case 'remove': {
        const done = await staff.remove(username ?? '');
        out(`${done.username} was ${done.was}, is now member; every session has ended.`);
        return 0;
      }
      case 'reset-2fa':
        out(enrolmentText(await staff.resetSecondFactor(username ?? '')));
        return 0;
      case 'list': {
        const rows = await staff.list();
        if (rows.length === 0) out('no staff accounts');
        for (const row of rows) {
          out(
            [
              row.username.padEnd(24),
              row.role.padEnd(14),
              row.enrolled ? `2fa, ${row.recoveryLeft} recovery codes left` : 'NO SECOND FACTOR',
              `last sign-in ${row.lastLogin ?? 'never'}`,
            ].join('  '),
          );
        }
        return 0;
      }
      default:
        out(`unknown command ${command}\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (!(error instanceof StaffCommandError)) throw error;
    out(error.message);
    return 1;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await migrateDatabase(database);
    const repositories = createRepositories(database);
    const staff = createStaffService({
      staff: repositories.staff,
      counters: repositories.counters,
      secret: loadSecret(config.appSecret, config.dataDir),
      siteName: config.siteName,
      hashPassword,
    });
    process.exitCode = await runStaffCommand(process.argv.slice(2), staff, (line) =>
      console.log(line),
    );
  } finally {
    await database.close();
  }
}

if (import.meta.main) await main();

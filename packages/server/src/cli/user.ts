// `npm run user -- create --email a@b.c --name "Ann Lee" --password "..."`: creates an account from
// the shell (useful with ALLOW_REGISTRATION=false). Same validation as POST /auth/register. `--admin`
// makes it an administrator of the instance (decision 221); the first account of an instance is one anyway.
import { parseArgs } from 'node:util';
import { RegisterRequest } from '@parley/contract';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';

const USAGE = 'usage: npm run user -- create --email <email> --name <name> --password <password> [--admin]';

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        admin: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // An unknown or malformed option: its first sentence ("Unknown option '--admn'") and the usage.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new CliError(`${(error as Error).message.split('. ')[0]}\n${USAGE}`);
    }
    throw error;
  }
}

async function main() {
  const { positionals, values } = parse();
  if (values.help) return console.log(USAGE);
  if (positionals[0] !== 'create') throw new CliError(USAGE);
  const { admin, help: _, ...fields } = values;
  const parsed = RegisterRequest.safeParse(fields);
  if (!parsed.success) {
    throw new CliError(`${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n${USAGE}`);
  }
  const config = loadConfig();
  const ctx = await createContext(config, pino({ level: 'warn' }));
  try {
    const row = await ctx.services.users.createAccount(parsed.data, admin ? 'admin' : undefined);
    console.log(`Created ${row.role === 'admin' ? 'admin' : 'user'} ${row.email} (${row.id})`);
  } finally {
    await ctx.close();
  }
}

class CliError extends Error {}

main().catch((error) => {
  const known = error instanceof CliError || error instanceof ConfigError || error instanceof AppError;
  console.error(known ? error.message : error);
  process.exit(1);
});

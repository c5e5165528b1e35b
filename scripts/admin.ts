// `npm run admin -- <command>`: account administration on the configured database (DATABASE_URL or DATA_DIR).
// With the embedded database, stop the server first: only one process may open a PGlite folder.
import { getConfig } from "../app/config.server";
import {
  AdminError,
  createCode,
  createDemoAccounts,
  grantRole,
  grantSectionAccess,
  listUsers,
  revokeRole,
} from "../app/features/admin/admin.server";
import { backupPglite, restorePglite } from "../db/backup.server";
import { openDatabase } from "../db/client.server";

const USAGE = `Usage: npm run admin -- <command>
  grant-role <email> <role>                      role: user | prof | admin | super_admin
  revoke-role <email>                            back to user
  grant-access <email> maths [--until YYYY-MM-DD]
  create-code maths --uses N [--until YYYY-MM-DD]
  list-users
  demo                                           student, prof and admin accounts for local trials
  backup <file>                                  the embedded database to a file (server stopped)
  restore <file>                                 that file as the embedded database (the current one is kept aside)`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  const positional = rest.filter((value, index) => !value.startsWith("--") && !rest[index - 1]?.startsWith("--"));
  switch (command) {
    case "grant-role":
      if (positional.length !== 2) throw new AdminError(USAGE);
      return grantRole(positional[0], positional[1]);
    case "revoke-role":
      if (positional.length !== 1) throw new AdminError(USAGE);
      return revokeRole(positional[0]);
    case "grant-access":
      if (positional.length !== 2) throw new AdminError(USAGE);
      return grantSectionAccess(positional[0], positional[1], option(rest, "--until"));
    case "create-code":
      if (positional.length !== 1 || !option(rest, "--uses")) throw new AdminError(USAGE);
      return createCode(positional[0], Number(option(rest, "--uses")), option(rest, "--until"));
    case "list-users":
      return listUsers();
    case "demo":
      return createDemoAccounts();
    default:
      throw new AdminError(USAGE);
  }
}

const config = getConfig();
const [command, file] = process.argv.slice(2);
if (command === "backup" || command === "restore") {
  // Files, not rows: these never open the database through the application.
  if (!file) {
    console.error(USAGE);
    process.exit(1);
  }
  if (config.databaseUrl) {
    console.error(
      command === "backup"
        ? `PostgreSQL: pg_dump --format=custom --file=${file} "$DATABASE_URL" (README, « Backup and restore »).`
        : `PostgreSQL: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file} (README, « Backup and restore »).`,
    );
    process.exit(1);
  }
  try {
    if (command === "backup") console.log(`Backup written to ${file} (${await backupPglite(config.dataDir, file)} bytes).`);
    else {
      const keptAside = await restorePglite(config.dataDir, file);
      console.log(`Restored ${file} into ${config.dataDir}/pglite${keptAside ? `; the previous database is kept in ${keptAside}` : ""}.`);
    }
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
try {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  console.log(await run(process.argv.slice(2)));
  await handle.close();
  process.exit(0);
} catch (error) {
  console.error(error instanceof AdminError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}

import type { Config } from '../config';
import { type ConnectionLog, type Database, openDatabase } from './connection';
import { lockDataDir } from './data-dir-lock';

/**
 * Opens the configured database and brings its schema up to date. On the embedded database the
 * data directory is locked first, so the server and the CLI never open it at the same time.
 */
export async function openConfiguredDatabase(config: Config, holder: string, log?: ConnectionLog): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, log });
    await database.migrate();
    return database;
  }
  const unlock = await lockDataDir(config.DATA_DIR, holder);
  try {
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    await database.migrate();
    return {
      ...database,
      async close() {
        await database.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

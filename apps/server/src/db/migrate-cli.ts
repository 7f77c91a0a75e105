import { loadConfig } from '../config';
import { openDatabase } from './client';
import { databaseOptions } from './options';

// `npm run db:migrate`: applies the committed migrations without starting the server.
const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
await database.exclusive(() => database.migrate());
await database.close();
console.log(`Migrations applied (${database.kind}).`);

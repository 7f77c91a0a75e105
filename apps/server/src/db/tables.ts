// Every table of the database, as drizzle-kit, the clients and the migrations test read them: the
// core tables (schema.ts) and Insights' projections of the event log (insights-schema.ts, issue 33).
export * from './insights-schema';
export * from './schema';

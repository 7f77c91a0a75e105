import type { TestProject } from 'vitest/node';
declare module 'vitest' {
    interface ProvidedContext {
        dbKind: 'pglite' | 'postgres';
        pgliteTemplate: string;
        postgresTemplate: string;
    }
}
/**
 * Migrates one database per run and hands it to every test file as a template: PGlite as a data
 * directory dump, PostgreSQL as a template database. A test file then starts in milliseconds.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>>;
export declare function withDatabase(url: string, name: string): string;

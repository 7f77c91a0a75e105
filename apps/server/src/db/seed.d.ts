import type { Db } from './client';
export interface FirstStartOptions {
    adminEmail: string;
    /** Generated and reported once when unset. */
    adminPassword?: string;
    demoData: boolean;
    now?: Date;
}
export interface FirstStartReport {
    admin: {
        email: string;
        password?: string;
        organization: string;
    };
    demo?: {
        organization: string;
        facilitator: {
            email: string;
            password: string;
        };
        players: string[];
        room: string;
        workshop: string;
    };
}
export declare const SUPER_ADMIN_ORG = "Playshop";
export declare const DEMO_ORG = "Demo Org";
export declare const DEMO_FACILITATOR_EMAIL = "facilitator@demo.playshop.local";
export declare const DEMO_PLAYERS: string[];
/**
 * Creates the super admin and, unless disabled, the demo organization on an empty database.
 * Runs once per database: a marker row is claimed in the same transaction, so a second start
 * (or a second instance starting at the same moment) adds nothing. Returns what to print, or null.
 */
export declare function firstStart(db: Db, options: FirstStartOptions): Promise<FirstStartReport | null>;
/** The console text a newcomer reads to sign in. */
export declare function formatFirstStartReport(report: FirstStartReport, publicUrl: string): string;

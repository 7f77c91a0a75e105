import type { Db } from '../db/client';
import { type Actor } from '../http/actor';
export declare function orgsService(db: Db): {
    /** GET /check-org-expiry: anyone may ask about their own organization, super admins about any. */
    checkExpiry(actor: Actor, orgId: number, now?: Date): Promise<{
        expired: boolean;
    }>;
    /** The workshops linked to an organization, by name (the admin dashboard's current workshops). */
    workshopsOf(actor: Actor, orgName: string): Promise<{
        id: number;
        name: string;
    }[]>;
    findByName: (name: string) => Promise<{
        createdAt: Date;
        updatedAt: Date;
        id: number;
        name: string;
        address: string | null;
        phone: string | null;
        website: string | null;
        email: string | null;
        expiry: string | null;
        hideRollAnimation: boolean;
    }>;
};
export type OrgsService = ReturnType<typeof orgsService>;

export declare const hashPassword: (password: string) => Promise<string>;
export declare function verifyPassword(passwordHash: string | null, password: string): Promise<boolean>;

import { z } from 'zod';
/** Every environment variable the server reads. Nothing else in the code reads process.env. */
declare const ZEnv: z.ZodObject<{
    NODE_ENV: z.ZodDefault<z.ZodEnum<{
        development: "development";
        production: "production";
        test: "test";
    }>>;
    PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    HOST: z.ZodDefault<z.ZodString>;
    DATA_DIR: z.ZodDefault<z.ZodString>;
    PUBLIC_URL: z.ZodOptional<z.ZodURL>;
    DATABASE_URL: z.ZodOptional<z.ZodURL>;
    REDIS_URL: z.ZodOptional<z.ZodURL>;
    SMTP_URL: z.ZodOptional<z.ZodURL>;
    MAIL_FROM: z.ZodDefault<z.ZodString>;
    JWT_SECRET: z.ZodOptional<z.ZodString>;
    ADMIN_EMAIL: z.ZodDefault<z.ZodEmail>;
    ADMIN_PASSWORD: z.ZodOptional<z.ZodString>;
    DEMO_DATA: z.ZodDefault<z.ZodPipe<z.ZodEnum<{
        0: "0";
        1: "1";
        true: "true";
        false: "false";
        yes: "yes";
        no: "no";
    }>, z.ZodTransform<boolean, "0" | "1" | "true" | "false" | "yes" | "no">>>;
    TRUST_PROXY: z.ZodDefault<z.ZodPipe<z.ZodEnum<{
        0: "0";
        1: "1";
        true: "true";
        false: "false";
        yes: "yes";
        no: "no";
    }>, z.ZodTransform<boolean, "0" | "1" | "true" | "false" | "yes" | "no">>>;
    LOG_LEVEL: z.ZodDefault<z.ZodEnum<{
        error: "error";
        trace: "trace";
        fatal: "fatal";
        warn: "warn";
        info: "info";
        debug: "debug";
        silent: "silent";
    }>>;
    YOUTUBE_API_KEY: z.ZodOptional<z.ZodString>;
    S3_ENDPOINT: z.ZodOptional<z.ZodURL>;
    S3_REGION: z.ZodOptional<z.ZodString>;
    S3_BUCKET: z.ZodOptional<z.ZodString>;
    S3_ACCESS_KEY_ID: z.ZodOptional<z.ZodString>;
    S3_SECRET_ACCESS_KEY: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type Env = z.infer<typeof ZEnv>;
export interface Config {
    env: Env['NODE_ENV'];
    port: number;
    host: string;
    dataDir: string;
    publicUrl: string;
    databaseUrl?: string;
    redisUrl?: string;
    smtpUrl?: string;
    mailFrom: string;
    jwtSecret: string;
    adminEmail: string;
    adminPassword?: string;
    demoData: boolean;
    trustProxy: boolean;
    logLevel: Env['LOG_LEVEL'];
    youtubeApiKey?: string;
    s3?: {
        endpoint?: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
    };
}
export declare class ConfigError extends Error {
    name: string;
}
/** Reads and validates the environment once; throws ConfigError naming each bad variable. */
export declare function loadConfig(env?: NodeJS.ProcessEnv): Config;
export {};

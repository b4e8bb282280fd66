export * from './envelope';
export * from './error-codes';
export * from './dates';
export * from './time-zone';

/** Ids are PostgreSQL `integer` columns: a larger number can name nothing (refused as input). */
export const DB_ID_MAX = 2_147_483_647;
export * from './screen-drawing';

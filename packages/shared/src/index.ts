export * from './constants';
export * from './messages';
export * from './orgs';
export * from './roles';
export * from './schemas';
export * from './bingo';

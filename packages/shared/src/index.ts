export * from './bingo';
export * from './constants';
export * from './content';
export * from './messages';
export * from './orgs';
export * from './roles';
export * from './schemas';
export * from './workshops';

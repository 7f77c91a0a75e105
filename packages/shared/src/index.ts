export * from './constants';
export * from './messages';
export * from './roles';
export * from './schemas';
export * from './orgs';

export * from './access';
export * from './billing';
export * from './catalogue';
export * from './organisations';
export * from './system';
export * from './users';

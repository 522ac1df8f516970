export * from './auth';
export * from './papers';
export * from './jobs';
export * from './paper-history';
export * from './works';
export * from './user-settings';
export * from './app-state';

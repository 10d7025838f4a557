export * from './languages';
export * from './limits';
export * from './listing';
export * from './regions';
export * from './payments';
export * from './messages/index';
export * from './errors';
export * from './events';

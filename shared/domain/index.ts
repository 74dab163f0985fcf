export * from './enums';
export * from './limits';
export * from './progress';
export * from './start-window';
export * from './templates';
export * from './text';
export * from './time';
export * from './wizard';

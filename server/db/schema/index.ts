export * from './chat';
export * from './media';
export * from './notifications';
export * from './pacts';
export * from './privacy';
export * from './social';
export * from './teams';
export * from './users';

export * from './validation.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './taxonomy.ts';
export * from './money.ts';
export * from './creator.ts';
export * from './settings.ts';

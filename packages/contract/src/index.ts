export * from './auth.ts';
export * from './common.ts';
export * from './jobs.ts';
export * from './limits.ts';
export * from './meetings.ts';
export * from './people.ts';
export * from './projects.ts';
export * from './transcriptions.ts';

import type { FastifyBaseLogger } from 'fastify';
import { createAiEngine } from './ai/index.ts';
import { configureFfmpeg } from './audio/decoding/ffmpeg.ts';
import type { Config } from './config.ts';
import { createCpuPool } from './cpu/index.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createJobQueue } from './jobs/create-queue.ts';
import { HEAVY_REQUESTS, heavyRequestLimit } from './lib/heavy-requests.ts';
import { TokenSigner } from './lib/tokens.ts';
import { accessRepository } from './repositories/access.ts';
import { actionItemsRepository } from './repositories/action-items.ts';
import { apiTokensRepository } from './repositories/api-tokens.ts';
import { healthRepository } from './repositories/health.ts';
import { identitiesRepository } from './repositories/identities.ts';
import { instanceRepository } from './repositories/instance.ts';
import { jobsRepository } from './repositories/jobs.ts';
import { loginThrottleRepository } from './repositories/login-throttle.ts';
import { meetingNotesRepository } from './repositories/meeting-notes.ts';
import { meetingsRepository } from './repositories/meetings.ts';
import { membersRepository } from './repositories/members.ts';
import { oidcFlowsRepository } from './repositories/oidc-flows.ts';
import { peopleRepository } from './repositories/people.ts';
import { projectsRepository } from './repositories/projects.ts';
import { recordingsRepository } from './repositories/recordings.ts';
import { revokedSessionsRepository } from './repositories/revoked-sessions.ts';
import { sharesRepository } from './repositories/shares.ts';
import { signInCodesRepository } from './repositories/sign-in-codes.ts';
import { storageUseRepository } from './repositories/storage-use.ts';
import { summaryTemplatesRepository } from './repositories/summary-templates.ts';
import { transcriptionsRepository } from './repositories/transcriptions.ts';
import { usageRepository } from './repositories/usage.ts';
import { usersRepository } from './repositories/users.ts';
import { voicesRepository } from './repositories/voices.ts';
import { webhooksRepository } from './repositories/webhooks.ts';
import { searchIndex } from './search/index.ts';
import { semanticSearch } from './search/semantic/index.ts';
import { accessService } from './services/access.ts';
import { actionItemsService } from './services/action-items.ts';
import { adminService } from './services/admin.ts';
import { apiTokensService } from './services/api-tokens.ts';
import { askService } from './services/ask.ts';
import { exportsService } from './services/exports.ts';
import { healthService } from './services/health.ts';
import { importsService } from './services/imports.ts';
import { DEFAULT_THROTTLE, loginThrottle } from './services/login-throttle.ts';
import { meetingRemoval } from './services/meeting-removal.ts';
import { meetingVectorsService } from './services/meeting-vectors.ts';
import { meetingsService } from './services/meetings.ts';
import { membersService } from './services/members.ts';
import { oidcService } from './services/oidc.ts';
import { peopleService } from './services/people.ts';
import { projectsService } from './services/projects.ts';
import { recordingsService } from './services/recordings.ts';
import { searchService } from './services/search.ts';
import { sessionsService } from './services/sessions.ts';
import { sharesService } from './services/shares.ts';
import { speakerSuggestionsService } from './services/speaker-suggestions.ts';
import { storageRoom } from './services/storage-room.ts';
import { summaryService } from './services/summary.ts';
import { summaryTemplatesService } from './services/summary-templates.ts';
import { transcriptionsService } from './services/transcriptions.ts';
import { usersService } from './services/users.ts';
import { voicesService } from './services/voices.ts';
import { webhooksService } from './services/webhooks.ts';
import { createStorage } from './storage/create-storage.ts';

/** Everything a process needs, built once: the API server and the worker share it. */
export async function createContext(config: Config, log: FastifyBaseLogger) {
  configureFfmpeg(config.ffmpegPath);
  const { db, kind, reader } = createDb(config.database, (err) =>
    log.error({ err }, 'a database connection was lost; the pool will reconnect on the next query'),
  );
  await migrateToLatest(db);

  const storage = await createStorage(config.storage, config.dataDir);
  const tokens = new TokenSigner(config.jwt.secret, config.jwt.expiresInHours);
  const jobs = jobsRepository(db, kind);
  const queue = await createJobQueue(config, { db, jobs, log });
  const semantic = config.embeddings ? semanticSearch({ db, kind, config: config.embeddings, queue, log }) : undefined;
  const repos = {
    users: usersRepository(db),
    usage: usageRepository(db),
    projects: projectsRepository(db, kind),
    people: peopleRepository(db),
    meetings: meetingsRepository(db),
    transcriptions: transcriptionsRepository(db),
    jobs,
    loginThrottle: loginThrottleRepository(db),
    identities: identitiesRepository(db),
    oidcFlows: oidcFlowsRepository(db),
    actionItems: actionItemsRepository(db, kind),
    meetingNotes: meetingNotesRepository(db),
    recordings: recordingsRepository(db),
    storageUse: storageUseRepository(db),
    voices: voicesRepository(db),
    apiTokens: apiTokensRepository(db),
    summaryTemplates: summaryTemplatesRepository(db),
    revokedSessions: revokedSessionsRepository(db),
    signInCodes: signInCodesRepository(db),
    webhooks: webhooksRepository(db, kind),
    shares: sharesRepository(db),
    access: accessRepository(db),
    members: membersRepository(db, kind),
    instance: instanceRepository(db),
  };

  const sessions = sessionsService({ ...repos, tokens });
  const throttle = loginThrottle(repos.loginThrottle, {
    ...DEFAULT_THROTTLE,
    registrations: { ...DEFAULT_THROTTLE.registrations, limit: config.registrationsPerAddressPerHour },
  });
  const users = usersService({ ...repos, sessions, throttle, config });
  const summaryTemplates = summaryTemplatesService({ templates: repos.summaryTemplates });
  const removeHidden = meetingRemoval({ ...repos, storage, log });
  const projects = projectsService({ db, ...repos, queue, removeHidden, summaryTemplates });
  const index = searchIndex({
    db,
    kind,
    segments: repos.transcriptions.findManyWithMeetings,
    semantic: semantic?.retriever,
    reader,
  });
  const search = searchService({ ...repos, index });
  const voices = voicesService(repos);
  const people = peopleService({ ...repos, search, voices });
  const room = storageRoom({ storageUse: repos.storageUse, limitBytes: config.tier.storageBytes });
  const meetings = meetingsService({
    db,
    ...repos,
    projectRows: repos.projects,
    queue,
    storage,
    projects,
    users,
    removeHidden,
    room,
    log,
  });
  const cpu = createCpuPool(config.cpu);
  const heavy = heavyRequestLimit(HEAVY_REQUESTS);
  const ai = createAiEngine(config.ai, cpu);
  const webhooks = webhooksService({
    db,
    webhooks: repos.webhooks,
    queue,
    allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
    retryBaseSeconds: config.worker.retryDelaySeconds,
    throttle,
  });
  const services = {
    access: accessService(repos),
    members: membersService({ db, ...repos, throttle }),
    admin: adminService({ ...repos, usersService: users, queue }),
    sessions,
    apiTokens: apiTokensService(repos),
    users,
    projects,
    people,
    search,
    meetings,
    transcriptions: transcriptionsService({ db, ...repos, people, voices, semantic }),
    speakerSuggestions: speakerSuggestionsService({ ...repos, voiceProfiles: voices, cpu }),
    summary: summaryService({ ...repos, meetingsService: meetings, ai, events: webhooks, db, summaryTemplates }),
    summaryTemplates,
    webhooks,
    shares: sharesService({ ...repos, meetingsService: meetings }),
    ask: askService({ ...repos, index, ai }),
    actionItems: actionItemsService({ db, ...repos, meetingsService: meetings, queue, ai, events: webhooks }),
    oidc: config.oidc ? oidcService({ ...repos, flows: repos.oidcFlows, config: config.oidc, log }) : undefined,
    exports: exportsService({ ...repos, cpu, publicUrl: config.publicUrl }),
    recordings: recordingsService({
      db,
      ...repos,
      queue,
      storage,
      projects,
      users,
      recorder: { users: repos.users, people: repos.people },
      room,
      maxRecordingSeconds: config.maxRecordingHours * 3600,
      log,
    }),
    meetingVectors: meetingVectorsService({ db, meetings: repos.meetings, semantic }),
    imports: importsService({ db, ...repos, storage, room, log, cpu, semantic, meetingsService: meetings }),
    health: healthService({ health: healthRepository(db), dbKind: kind, queue, storage, log }),
  };

  return {
    config,
    db,
    dbKind: kind,
    /** SQLite's reader thread (db/reader.ts); none on PostgreSQL. */
    sqliteReader: reader,
    repos,
    services,
    storage,
    tokens,
    queue,
    ai,
    cpu,
    heavy,
    semantic,
    log,
    async close() {
      await queue.close();
      await cpu.close();
      await db.destroy();
    },
  };
}

export type AppContext = Awaited<ReturnType<typeof createContext>>;

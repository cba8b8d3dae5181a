import type {
  Application,
  ApplyBodyInput,
  Request,
  RequestBodyInput,
} from '@brushline/shared/requests/schemas';
import type { TestApp } from '../../test/harness.ts';
import { call, type TestUser } from '../../test/kit.ts';

/** Test helpers of the requests suites (not a test file itself). */
export function sampleRequest(overrides: Partial<RequestBodyInput> = {}): RequestBodyInput {
  return {
    title: 'A fox in the snow',
    description: 'A red fox sitting in fresh snow at dawn',
    typeOfWork: 'illustration',
    additionalRequirements: 'No text on the picture',
    preferences: 'Soft colours',
    priceMin: 50,
    priceMax: 150,
    deadline: 30,
    attachedMedia: [],
    tags: [],
    privacy: 'public',
    ...overrides,
  };
}

export async function postRequest(t: TestApp, owner: TestUser, overrides: Partial<RequestBodyInput> = {}) {
  const res = await call(t.app, 'POST', '/api/request/create', owner.cookie, sampleRequest(overrides));
  if (res.statusCode !== 200) throw new Error(`request/create ${res.statusCode}: ${res.body}`);
  return res.json<{ guid: string; request: Request }>().request;
}

export function sampleApply(cardUUID: string, overrides: Partial<ApplyBodyInput> = {}): ApplyBodyInput {
  return { cardUUID, comment: 'I paint foxes every day', offeredPrice: 100, references: [], ...overrides };
}

export async function applyTo(
  t: TestApp,
  artist: TestUser,
  guid: string,
  cardUUID: string,
  overrides: Partial<ApplyBodyInput> = {},
) {
  const res = await call(
    t.app,
    'POST',
    `/api/request/apply/${guid}`,
    artist.cookie,
    sampleApply(cardUUID, overrides),
  );
  if (res.statusCode !== 200) throw new Error(`apply ${res.statusCode}: ${res.body}`);
  return res.json<{ application: Application }>().application;
}

export async function answer(t: TestApp, owner: TestUser, id: number, how: 'confirm' | 'reject') {
  return call(t.app, 'POST', '/api/request/answer', owner.cookie, { id, answer: how });
}

import { Router } from 'express';
import type { Request } from 'express';
import busboy from 'busboy';
import { validate } from 'class-validator';
import { createContext } from '../../../graphql/context';
import { accessError } from '../../../graphql/rules';
import { sendError } from '../../../http/error-response';
import { AppError, ErrorCode } from '../../../lib/errors';
import type { RouterDeps } from '../../module';
import type { CommunicationsServices } from '../communications.services';
import type { VoiceMemo } from './voice-memo.entity';
import type { AudioUpload } from './voice-memo.service';
import { VoiceMemoInput } from './voice-memo.types';
import { malformedMultipart, openMultipart } from '../../../http/multipart';

export const UPLOAD_PATH = '/api/voice-memos/upload';
/** 25 MB: about 25 minutes of compressed speech, and the limit of common transcription APIs. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

interface Received {
  audio?: AudioUpload;
  fields: Record<string, string>;
}

/** Reads the multipart part `audio` (audio/* only, 25 MB at most) and the text fields beside it. */
function receive(req: Request): Promise<Received> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let audio: AudioUpload | undefined;
    let failure: AppError | undefined;
    let bb: busboy.Busboy;
    try {
      bb = openMultipart(req, {
        maxBytes: MAX_AUDIO_BYTES,
        notMultipart: new AppError(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          'Send the audio as multipart/form-data in a part named "audio"',
        ),
        tooLarge: `The audio is larger than ${MAX_AUDIO_BYTES} bytes`,
      });
    } catch (e) {
      return reject(e);
    }
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (name, stream, info) => {
      if (name !== 'audio') return stream.resume();
      if (!info.mimeType.startsWith('audio/')) {
        failure ??= AppError.validation([{ field: 'audio', message: 'the file must be audio (audio/* content type)' }]);
        return stream.resume();
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on(
        'limit',
        () =>
          (failure ??= new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The audio is larger than ${MAX_AUDIO_BYTES} bytes`)),
      );
      stream.on(
        'end',
        () => (audio = { data: Buffer.concat(chunks), contentType: info.mimeType, fileName: info.filename || 'memo' }),
      );
    });
    bb.on('error', (e) => reject(malformedMultipart(e)));
    bb.on('close', () => {
      if (!audio && !failure)
        failure = AppError.validation([{ field: 'audio', message: 'a part named "audio" is required' }]);
      if (failure) reject(failure);
      else resolve({ audio, fields });
    });
    req.pipe(bb);
  });
}

/** The text fields of the form, checked by the same rules as the JSON input. */
async function inputOf(fields: Record<string, string>): Promise<VoiceMemoInput> {
  const input = Object.assign(new VoiceMemoInput(), {
    title: fields.title,
    transcript: fields.transcript,
    contactId: fields.contactId,
    opportunityId: fields.opportunityId,
    recordedAt: fields.recordedAt === undefined ? undefined : new Date(fields.recordedAt),
    durationSeconds: fields.durationSeconds === undefined ? undefined : Number(fields.durationSeconds),
  });
  const errors = await validate(input, { skipMissingProperties: false });
  if (errors.length)
    throw AppError.validation(
      errors.map((e) => ({
        field: e.property,
        message: Object.values(e.constraints ?? {})[0] ?? `${e.property} is not valid`,
      })),
    );
  return input;
}

/** The memo as the JSON rows answer it (the audio bytes stay in the database; a new memo has no extracted tasks). */
function present(m: VoiceMemo) {
  return {
    id: m.id,
    title: m.title,
    transcript: m.transcript,
    recordedAt: m.recordedAt,
    durationSeconds: m.durationSeconds,
    status: m.status,
    contactId: m.contactId,
    opportunityId: m.opportunityId,
    authorId: m.authorId,
    activityId: m.activityId,
    audioContentType: m.audioContentType,
    audioSize: m.audioSize,
    extractedTasks: [],
    organizationId: m.organizationId,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/**
 * POST /api/voice-memos/upload: an audio memo (multipart) beside the REST table, whose rows take JSON. Same
 * access check (session) and write rate limit as the table's rows; answers 201 with the memo.
 */
export function voiceMemoUploadRouter(deps: RouterDeps<CommunicationsServices>): Router {
  const router = Router();
  router.post(
    UPLOAD_PATH,
    deps.limiter.middleware(() => 'write'),
    async (req, res, next) => {
      try {
        const { principal } = req.auth;
        const denied = accessError('session', principal, req.auth.failure);
        if (denied || !principal) {
          req.resume();
          return sendError(req, res, denied ?? AppError.unauthenticated());
        }
        const { audio, fields } = await receive(req);
        const ctx = createContext(deps, req, res);
        const memo = await deps.services.voiceMemos.create(ctx.em, principal, await inputOf(fields), audio);
        res.status(201).json(present(memo));
      } catch (e) {
        if (e instanceof AppError) {
          if (!req.complete) res.setHeader('Connection', 'close');
          sendError(req, res, e);
        } else next(e);
      }
    },
  );
  return router;
}

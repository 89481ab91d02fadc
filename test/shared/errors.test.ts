import t from 'tap'
import { answerData, ApiError } from '../../client/lib/api/call.ts'
import { ERROR_CODES, ERROR_REASONS, REASON_CODES } from '../../shared/errors.ts'
import { ApiErrorSchema, ErrorEnvelopeSchema, ReasonDetailsSchema } from '../../shared/schemas/errors.ts'
import { AppError, ERRORS, errorAnswer } from '../../server/lib/errors.ts'

// The vocabulary is closed at typecheck: `npx tsc -p .` fails if any of these lines compiles
// (docs/decisions/013-error-envelope-and-codes.md). They sit in a function that never runs.
export function refusedByTypecheck(): unknown[] {
  return [
    // @ts-expect-error a reason outside the vocabulary
    new AppError('CONFLICT', 'x', { reason: 'no_such_reason' }),
    // @ts-expect-error a reason of another code (too_many_codes is RATE_LIMITED's)
    new AppError('CONFLICT', 'x', { reason: 'too_many_codes', retry_after_s: 1 }),
    // @ts-expect-error a retry reason without its retry_after_s
    new AppError('RATE_LIMITED', 'x', { reason: 'too_many_codes' }),
    // @ts-expect-error field errors belong to VALIDATION_ERROR only
    new AppError('NOT_FOUND', 'x', [{ path: 'a', code: 'b', message: 'c' }]),
    // @ts-expect-error a code outside the catalogue
    new AppError('NOT_A_CODE'),
    // @ts-expect-error the gateway's one builder takes catalogue codes and their reasons only
    errorAnswer('CONFLICT', 'x', { reason: 'typo_reason' }),
    // @ts-expect-error the client's error takes the vocabulary too
    new ApiError(409, 'CONFLICT', 'x', { reason: 'typo_reason' }),
    // @ts-expect-error detailsOf names a reason of the vocabulary
    new ApiError(409, 'CONFLICT', 'x').detailsOf('typo_reason'),
  ]
}

const envelope = (error: unknown) => ({ success: false, data: null, error, timestamp: new Date().toISOString() })

t.test('the error vocabulary', async (t) => {
  t.test('every code of the catalogue has a status and a message, and no more codes', async (t) => {
    t.same(Object.keys(ERRORS).sort(), [...ERROR_CODES].sort())
  })

  t.test('every reason has details of its own in the wire schema, and only once', async (t) => {
    const covered = ReasonDetailsSchema.options.flatMap((option) => {
      const reason = option.shape.reason
      return 'options' in reason ? [...reason.options] : [...reason.values]
    })
    t.same([...covered].sort(), [...ERROR_REASONS].sort())
    t.equal(new Set(covered).size, covered.length, 'no reason in two shapes')
    t.same(Object.keys(REASON_CODES).sort(), [...ERROR_REASONS].sort(), 'every reason names its codes')
  })

  t.test('the strict schema takes what the API sends', async (t) => {
    const accepted = [
      { code: 'NOT_FOUND', message: 'Not found', details: null },
      {
        code: 'VALIDATION_ERROR',
        message: 'x',
        details: [{ path: 'body.email', code: 'invalid_format', message: 'm' }],
      },
      { code: 'CONFLICT', message: 'x', details: { reason: 'already_reported' } },
      { code: 'VALIDATION_ERROR', message: 'x', details: { reason: 'own_listing' } },
      { code: 'RATE_LIMITED', message: 'x', details: { reason: 'too_many_requests', retry_after_s: 30 } },
      {
        code: 'CONFLICT',
        message: 'x',
        details: {
          reason: 'merge_required',
          merge_token: 'token',
          auth_method: 'email',
          other_account: { first_name: 'Sara', listings_count: 2 },
        },
      },
    ]
    for (const error of accepted) t.ok(ApiErrorSchema.safeParse(error).success, JSON.stringify(error))
    t.ok(ErrorEnvelopeSchema.safeParse(errorAnswer('PAYLOAD_TOO_LARGE').body).success, 'errorAnswer builds it')
  })

  t.test('and refuses a code, a reason or a field outside the vocabulary', async (t) => {
    const refused = {
      'an unknown code': { code: 'TEAPOT', message: 'x', details: null },
      'an unknown reason': { code: 'CONFLICT', message: 'x', details: { reason: 'whatever' } },
      'a reason under another code': { code: 'NOT_FOUND', message: 'x', details: { reason: 'already_reported' } },
      'a field the reason does not carry': {
        code: 'CONFLICT',
        message: 'x',
        details: { reason: 'already_reported', extra: 1 },
      },
      'a retry reason without retry_after_s': { code: 'RATE_LIMITED', message: 'x', details: { reason: 'busy' } },
      'details without a reason': { code: 'RATE_LIMITED', message: 'x', details: { retry_after_s: 3 } },
      'field errors under another code': {
        code: 'CONFLICT',
        message: 'x',
        details: [{ path: 'a', code: 'b', message: 'c' }],
      },
      'a field outside the error object': { code: 'NOT_FOUND', message: 'x', details: null, stack: 'at …' },
    }
    for (const [what, error] of Object.entries(refused)) t.notOk(ApiErrorSchema.safeParse(error).success, what)
    t.notOk(ErrorEnvelopeSchema.safeParse({ ...envelope(null), error: undefined }).success, 'an envelope without error')
  })

  t.test('the client reads code, reason and details without casts', async (t) => {
    const read = (body: unknown, status = 409): ApiError => {
      try {
        answerData('HealthSchema', { status, body })
      } catch (err) {
        if (err instanceof ApiError) return err
        throw err
      }
      throw new Error('the call did not fail')
    }
    const merge = read(
      envelope({
        code: 'CONFLICT',
        message: 'x',
        details: {
          reason: 'merge_required',
          merge_token: 'token-1',
          auth_method: 'telegram',
          other_account: { first_name: 'Ali', listings_count: 0 },
        },
      }),
    )
    t.equal(merge.code, 'CONFLICT')
    t.equal(merge.reason, 'merge_required')
    t.equal(merge.detailsOf('merge_required')?.merge_token, 'token-1')
    t.equal(merge.detailsOf('already_linked'), undefined, 'another reason is not read as this one')
    t.same(merge.fields, [])

    const invalid = read(
      envelope({ code: 'VALIDATION_ERROR', message: 'x', details: [{ path: 'body.name', code: 'c', message: 'm' }] }),
      400,
    )
    t.same(
      invalid.fields.map((f) => f.path),
      ['body.name'],
    )
    t.equal(invalid.reason, undefined)

    const unknown = read(envelope({ code: 'TEAPOT', message: 'x', details: { reason: 'whatever' } }), 418)
    t.equal(unknown.code, 'API_ERROR', 'a code outside the vocabulary is not passed on as one')
    t.equal(unknown.details, null, 'nor a reason outside it')
  })
})

import { describe, expect, it } from 'vitest';
import { RedisUnavailableError, redisFailureOf } from './redis-unavailable';

/** An error shaped as ioredis gives a Redis reply (its class is `ReplyError`). */
function reply(message: string): Error {
  const error = new Error(message);
  error.name = 'ReplyError';
  return error;
}

describe('redis failures', () => {
  it('tells a Redis that does not answer from one that refuses writes', () => {
    const unreachable = [
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Command timed out'),
      new Error('Connection is closed.'),
      Object.assign(new Error('Reached the max retries per request limit (which is 0).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new RedisUnavailableError(),
      reply('LOADING Redis is loading the dataset in memory'),
      new Error('falhou', { cause: new Error('Command timed out') }),
    ];
    for (const error of unreachable) expect(redisFailureOf(error)).toBe('unreachable');
    const refusing = [
      reply('MISCONF Redis is configured to save RDB snapshots, but it is currently unable.'),
      reply(
        "READONLY You can't write against a read only replica. script: 5ab4, on @user_script:589.",
      ),
      reply('NOREPLICAS Not enough good replicas to write.'),
      reply("OOM command not allowed when used memory > 'maxmemory'."),
    ];
    for (const error of refusing) expect(redisFailureOf(error)).toBe('refusing_writes');
  });

  it('leaves errors of the command, its data or another system alone', () => {
    for (const error of [
      reply('ERR wrong number of arguments for command'),
      reply('WRONGTYPE Operation against a key holding the wrong kind of value'),
      new Error('MISCONF in a message that is not a Redis reply'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      'Command timed out',
      null,
    ]) {
      expect(redisFailureOf(error)).toBeNull();
    }
  });
});

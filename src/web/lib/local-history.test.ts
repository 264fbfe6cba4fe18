import { describe, expect, it } from 'vitest';
import { LOCAL_HISTORY_MAX, parseHistory, withViewed } from './local-history.ts';

describe('local watch history', () => {
  it('puts the latest video first without duplicates', () => {
    let history = withViewed([], 1);
    history = withViewed(history, 2);
    history = withViewed(history, 1);
    expect(history.map((e) => e.params.video_id)).toEqual([1, 2]);
    expect(history[0]).toEqual({ type: 'video', params: { video_id: 1 } });
  });

  it('keeps at most the maximum number of entries', () => {
    let history = parseHistory('[]');
    for (let id = 1; id <= LOCAL_HISTORY_MAX + 5; id++) history = withViewed(history, id);
    expect(history).toHaveLength(LOCAL_HISTORY_MAX);
    expect(history[0]?.params.video_id).toBe(LOCAL_HISTORY_MAX + 5);
  });

  it('drops malformed stored data instead of failing', () => {
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(
      parseHistory(
        '[{"type":"video","params":{"video_id":3}},{"type":"video","params":{"video_id":"x"}},null,{"type":"album","params":{"video_id":4}}]',
      ),
    ).toEqual([{ type: 'video', params: { video_id: 3 } }]);
  });
});

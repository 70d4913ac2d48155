import { describe, expect, it } from 'vitest';
import { ActiveTimeMeter } from './active-time';

describe('ActiveTimeMeter', () => {
  it('counts the gaps between inputs up to a minute, none longer, and hands out whole seconds once', () => {
    let now = 0;
    const meter = new ActiveTimeMeter(() => now);
    meter.activity(); // the first input starts the clock, counts nothing
    now += 20_000;
    meter.activity(); // 20 s
    now += 59_500;
    meter.activity(); // 59.5 s
    now += 61_000;
    meter.activity(); // idle: a pause over 60 s counts nothing
    now += 1_000;
    meter.activity(); // 1 s
    expect(meter.take()).toBe(80); // 80.5 s: the half second waits for the next take
    expect(meter.take()).toBe(0);
    now += 600;
    meter.activity();
    expect(meter.take()).toBe(1);
  });

  it('gives back what a failed save took', () => {
    let now = 0;
    const meter = new ActiveTimeMeter(() => now);
    meter.activity();
    now += 30_000;
    meter.activity();
    const taken = meter.take();
    meter.giveBack(taken);
    expect(meter.take()).toBe(30);
  });
});

// The application's clock in a test: the app reads it for every decision and every recordedAt; only the
// test moves it (startApp(config, { now: () => clock.now })).

export class TestClock {
  private at: number;

  constructor(start: Date | string = new Date()) {
    this.at = new Date(start).getTime();
  }

  get now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}

/// <reference types="node" />
// What the CQRS CommandBus adds to a command: the same trivial async handler called
// directly and sent through @nestjs/cqrs's CommandBus in a Nest application context, alternating rounds
// in one run, median per call. Compared with the API's CPU per workflow action (bench:documents prints
// it: about 1.3 ms), the bus's share says whether users could feel it. Run by hand:
//   npm run bench:command-bus
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, CommandBus, CommandHandler, CqrsModule, type ICommandHandler } from '@nestjs/cqrs';

class Touch extends Command<number> {
  constructor(readonly n: number) {
    super();
  }
}

@CommandHandler(Touch)
class TouchHandler implements ICommandHandler<Touch> {
  execute(command: Touch): Promise<number> {
    return Promise.resolve(command.n + 1);
  }
}

@Module({ imports: [CqrsModule.forRoot()], providers: [TouchHandler] })
class BenchModule {}

const CALLS = Number(process.env.BENCH_CALLS ?? 200_000);
const ROUNDS = 7;

async function timed(call: (n: number) => Promise<number>): Promise<number> {
  const started = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < CALLS; i += 1) sum += await call(i);
  if (sum < 0) throw new Error('unreachable');
  return Number(process.hrtime.bigint() - started) / CALLS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: false });
  const bus = app.get(CommandBus);
  const handler = app.get(TouchHandler);
  const direct: number[] = [];
  const viaBus: number[] = [];
  await timed((n) => bus.execute(new Touch(n))); // warm-up
  for (let round = 0; round < ROUNDS; round += 1) {
    direct.push(await timed((n) => handler.execute(new Touch(n))));
    viaBus.push(await timed((n) => bus.execute(new Touch(n))));
  }
  await app.close();
  const overhead = median(viaBus) - median(direct);
  const actionNs = 1.34e6;
  console.log(`| call | median per call |\n|---|---|`);
  console.log(`| handler called directly | ${median(direct).toFixed(0)} ns |`);
  console.log(`| through the CommandBus | ${median(viaBus).toFixed(0)} ns |`);
  console.log(
    `the bus adds ${overhead.toFixed(0)} ns per command = ${((overhead / actionNs) * 100).toFixed(3)}% of the API's 1.34 ms of CPU per workflow action (${CALLS} calls x ${ROUNDS} rounds)`,
  );
}

await main();

// GET /api/human-check/challenge: the ALTCHA widget's challenge URL. Public, since it guards the forms
// used before signing in; a fresh challenge every time, never cached.

import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { Challenge } from 'altcha-lib';
import { Public } from '../common/public.decorator.js';
import { ApiStoreFree } from '../openapi/api-replies.decorators.js';
import { AltchaHumanCheck } from './altcha-human-check.js';
import { ApiOperation } from '@nestjs/swagger';

@Public()
@Controller('human-check')
export class HumanCheckController {
  constructor(@Inject(AltchaHumanCheck) private readonly humanCheck: AltchaHumanCheck) {}

  @ApiStoreFree()
  @Get('challenge')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A proof-of-work challenge (ALTCHA) for the public forms',
    description: 'Solve it in the browser and send the solution with the form (sign-up, inquiries); never cached.',
  })
  challenge(): Promise<Challenge> {
    return this.humanCheck.createChallenge();
  }
}

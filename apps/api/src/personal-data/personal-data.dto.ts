import { IsString, MaxLength } from 'class-validator';

export class ForgetPersonDto {
  /** Why the person is forgotten (their request, the end of the purpose, an authority's order): kept on the event. */
  @IsString() @MaxLength(500) reason!: string;
}

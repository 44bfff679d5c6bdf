// The projects context's commands (house style: imperative names), sent through the CQRS CommandBus by
// ProjectsController; a handler each (projects-command.handlers.ts) hands them to ProjectsService or
// ProjectSelectionService, where parsing, refusals and the machines' decisions live. The raw body and
// headers travel as the route got them.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { ProjectSelectionService } from './project-selection.js';
import type { ProjectsService } from './projects.service.js';

/** Set the user's lastSelectedProject of one kind (developer, demand, supply) in the chosen company. */
export class SelectProject extends Command<Resolved<ProjectSelectionService['select']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

export class CreateProject extends Command<Resolved<ProjectsService['create']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class EditProject extends Command<Resolved<ProjectsService['edit']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

export class AssignProjectLevel extends Command<Resolved<ProjectsService['assign']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
  ) {
    super();
  }
}

export class UnassignProjectLevel extends Command<Resolved<ProjectsService['assign']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
  ) {
    super();
  }
}

export class GrantProjectRole extends Command<Resolved<ProjectsService['grantRole']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** One project machine event (Submit, Approve, Close, ...) on one project. */
export class ActOnProject extends Command<Resolved<ProjectsService['act']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

export class InviteProjectMember extends Command<Resolved<ProjectsService['invite']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One projectMember machine event (Approve, Reject, Cancel) on one member of a project. */
export class ActOnProjectMember extends Command<Resolved<ProjectsService['memberAct']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly userId: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

export class AddProjectStage extends Command<Resolved<ProjectsService['addStage']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

/** One projectStage machine event (Hold, Restart, Terminate) on one stage of a project. */
export class ActOnProjectStage extends Command<Resolved<ProjectsService['stageAct']>> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly stageId: string,
    readonly event: string,
    readonly body: unknown,
    readonly ifMatch: string | undefined,
  ) {
    super();
  }
}

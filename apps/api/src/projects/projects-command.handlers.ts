// A handler per projects command (the design card's @nestjs/cqrs). Each hands its command to the write
// model: ProjectsService (project, member and stage machines, assignments, manual roles) or
// ProjectSelectionService (the user's lastSelectedProject).
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProjectSelectionService } from './project-selection.js';
import { ProjectsService } from './projects.service.js';
import {
  ActOnProject,
  ActOnProjectMember,
  ActOnProjectStage,
  AddProjectStage,
  AssignProjectLevel,
  CreateProject,
  EditProject,
  GrantProjectRole,
  InviteProjectMember,
  SelectProject,
  UnassignProjectLevel,
} from './projects.commands.js';

@CommandHandler(SelectProject)
export class SelectProjectHandler implements ICommandHandler<SelectProject> {
  constructor(private readonly selection: ProjectSelectionService) {}
  execute({ principal, body, ifMatch }: SelectProject) {
    return this.selection.select(principal, body, ifMatch);
  }
}

@CommandHandler(CreateProject)
export class CreateProjectHandler implements ICommandHandler<CreateProject> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, body }: CreateProject) {
    return this.projects.create(principal, body);
  }
}

@CommandHandler(EditProject)
export class EditProjectHandler implements ICommandHandler<EditProject> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, body, ifMatch }: EditProject) {
    return this.projects.edit(principal, id, body, ifMatch);
  }
}

@CommandHandler(AssignProjectLevel)
export class AssignProjectLevelHandler implements ICommandHandler<AssignProjectLevel> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, body }: AssignProjectLevel) {
    return this.projects.assign(principal, id, body, false);
  }
}

@CommandHandler(UnassignProjectLevel)
export class UnassignProjectLevelHandler implements ICommandHandler<UnassignProjectLevel> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, body }: UnassignProjectLevel) {
    return this.projects.assign(principal, id, body, true);
  }
}

@CommandHandler(GrantProjectRole)
export class GrantProjectRoleHandler implements ICommandHandler<GrantProjectRole> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, body }: GrantProjectRole) {
    return this.projects.grantRole(principal, id, body);
  }
}

@CommandHandler(ActOnProject)
export class ActOnProjectHandler implements ICommandHandler<ActOnProject> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, event, body, ifMatch }: ActOnProject) {
    return this.projects.act(principal, id, event, body, ifMatch);
  }
}

@CommandHandler(InviteProjectMember)
export class InviteProjectMemberHandler implements ICommandHandler<InviteProjectMember> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, body, ifMatch }: InviteProjectMember) {
    return this.projects.invite(principal, id, body, ifMatch);
  }
}

@CommandHandler(ActOnProjectMember)
export class ActOnProjectMemberHandler implements ICommandHandler<ActOnProjectMember> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, userId, event, body, ifMatch }: ActOnProjectMember) {
    return this.projects.memberAct(principal, id, userId, event, body, ifMatch);
  }
}

@CommandHandler(AddProjectStage)
export class AddProjectStageHandler implements ICommandHandler<AddProjectStage> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, body, ifMatch }: AddProjectStage) {
    return this.projects.addStage(principal, id, body, ifMatch);
  }
}

@CommandHandler(ActOnProjectStage)
export class ActOnProjectStageHandler implements ICommandHandler<ActOnProjectStage> {
  constructor(private readonly projects: ProjectsService) {}
  execute({ principal, id, stageId, event, body, ifMatch }: ActOnProjectStage) {
    return this.projects.stageAct(principal, id, stageId, event, body, ifMatch);
  }
}

export const PROJECT_COMMAND_HANDLERS = [
  SelectProjectHandler,
  CreateProjectHandler,
  EditProjectHandler,
  AssignProjectLevelHandler,
  UnassignProjectLevelHandler,
  GrantProjectRoleHandler,
  ActOnProjectHandler,
  InviteProjectMemberHandler,
  ActOnProjectMemberHandler,
  AddProjectStageHandler,
  ActOnProjectStageHandler,
];

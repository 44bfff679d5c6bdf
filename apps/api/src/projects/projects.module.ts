// The projects context: project streams with the project machine's status, members and stages through
// their machines, per-project assignments and manual authority roles. Conventions: see the README in this folder.
import { Module } from '@nestjs/common';
import { PROJECT_COMMAND_HANDLERS } from './projects-command.handlers.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectQueries } from './project-queries.js';
import { ProjectSelectionService } from './project-selection.js';
import { ProjectsService } from './projects.service.js';

@Module({
  controllers: [ProjectsController],
  providers: [...PROJECT_COMMAND_HANDLERS, ProjectsService, ProjectQueries, ProjectSelectionService],
})
export class ProjectsModule {}

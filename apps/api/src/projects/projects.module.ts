// The projects context: project streams with the project machine's status, per-project assignments and
// manual authority roles. Conventions: see the README in this folder.
import { Module } from '@nestjs/common';
import { ProjectsController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';

@Module({ controllers: [ProjectsController], providers: [ProjectsService] })
export class ProjectsModule {}

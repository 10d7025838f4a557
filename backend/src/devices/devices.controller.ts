import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  createDeviceBodySchema,
  deviceIdBodySchema,
  deviceIdQuerySchema,
  findDeviceBodySchema,
  type CreateDeviceBody,
  type Device,
  type DeviceIdBody,
  type DeviceSpecRefresh,
  type FindDeviceBody,
  type FindDeviceResponse,
  type SearchedDeviceCount,
  findDeviceResponseSchema,
  deviceSchema,
  searchedDeviceCountSchema,
  deviceSpecRefreshSchema,
  specSourcePacingStateSchema,
  type SpecSourcePacingState,
} from '@market/contracts';
import { z } from 'zod';
import { AdminOnly, CurrentUser, OptionalUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { DevicesService } from './devices.service';
import { SpecSourcePacing } from './spec-source-pacing';
import { VisitorAddress } from '../common/visitor-address';
import { Answers } from '../common/openapi';

/** The device catalogue under the spec's `/api/phone/...` paths (spec section 7). */
@ApiTags('devices')
@Controller('phone')
export class DevicesController {
  constructor(
    private readonly devices: DevicesService,
    private readonly specSource: SpecSourcePacing,
  ) {}

  @Answers(findDeviceResponseSchema)
  @Post('find-device')
  @HttpCode(HttpStatus.OK)
  find(@Body(new ZodPipe(findDeviceBodySchema)) body: FindDeviceBody): Promise<FindDeviceResponse> {
    return this.devices.find(body.name);
  }

  @Answers(z.array(deviceSchema))
  @Get('top-searched-devices')
  topSearched(): Promise<Device[]> {
    return this.devices.topSearched();
  }

  @Answers(searchedDeviceCountSchema)
  @Get('searched-user-count')
  countSearch(
    @Query(new ZodPipe(deviceIdQuerySchema)) query: DeviceIdBody,
    @OptionalUser() user: SessionUser | undefined,
    @VisitorAddress() ip: string,
  ): Promise<SearchedDeviceCount> {
    return this.devices.countSearch(query.id, user ? { userId: user.id } : { ip });
  }

  @SignedIn()
  @Answers(deviceSpecRefreshSchema)
  @Post('update-device-spec')
  @HttpCode(HttpStatus.OK)
  refreshSpecs(
    @Body(new ZodPipe(deviceIdBodySchema)) body: DeviceIdBody,
    @CurrentUser() user: SessionUser,
  ): Promise<DeviceSpecRefresh> {
    return this.devices.refreshSpecs(body.id, user.id);
  }

  /** How the workers' spec refresh is asking GSMArena: its last success and refusal, and until when it is paused. */
  @AdminOnly()
  @Answers(specSourcePacingStateSchema)
  @Get('device-spec-source')
  specSourceState(): Promise<SpecSourcePacingState> {
    return this.specSource.state();
  }

  @AdminOnly()
  @Answers(deviceSchema)
  @Post('device')
  create(@Body(new ZodPipe(createDeviceBodySchema)) body: CreateDeviceBody): Promise<Device> {
    return this.devices.create(body);
  }
}

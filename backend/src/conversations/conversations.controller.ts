import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  conversationMessageSchema,
  conversationPageSchema,
  conversationReportSchema,
  conversationSchema,
  conversationsQuerySchema,
  messagePageSchema,
  messageResponseSchema,
  messagesQuerySchema,
  moderatorThreadPageSchema,
  reportedConversationPageSchema,
  sendMessageSchema,
  startConversationSchema,
  translateMessage,
  type Conversation,
  type ConversationMessage,
  type ConversationPage,
  type ConversationReport,
  type MessagePage,
  type MessageResponse,
  type ModeratorThreadPage,
  type ReportedConversationPage,
  type StartConversation,
} from '@market/contracts';
import type { z } from 'zod';
import { AdminOnly, CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { Answers } from '../common/openapi';
import { ZodPipe } from '../common/zod-body.pipe';
import { conversationId } from './conversation-id.pipe';
import { ConversationsService } from './conversations.service';

@ApiTags('conversations')
@Controller()
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  /** Writes to a listing's seller; the first message opens the conversation, later ones continue it. */
  @SignedIn()
  @Answers(conversationSchema)
  @Post('conversations')
  async start(@CurrentUser() user: SessionUser, @Body(new ZodPipe(startConversationSchema)) body: StartConversation): Promise<Conversation> {
    return (await this.conversations.start(user, body)).conversation;
  }

  @SignedIn()
  @Answers(conversationPageSchema)
  @Get('conversations')
  page(@CurrentUser() user: SessionUser, @Query(new ZodPipe(conversationsQuerySchema)) query: z.infer<typeof conversationsQuerySchema>): Promise<ConversationPage> {
    return this.conversations.page(user.id, query.page);
  }

  @SignedIn()
  @Answers(messagePageSchema)
  @Get('conversations/:id/messages')
  messages(
    @CurrentUser() user: SessionUser,
    @Param('id', conversationId) id: string,
    @Query(new ZodPipe(messagesQuerySchema)) query: z.infer<typeof messagesQuerySchema>,
  ): Promise<MessagePage> {
    return this.conversations.messages(user.id, id, query.before);
  }

  @SignedIn()
  @Answers(conversationMessageSchema)
  @Post('conversations/:id/messages')
  send(
    @CurrentUser() user: SessionUser,
    @Param('id', conversationId) id: string,
    @Body(new ZodPipe(sendMessageSchema)) body: z.output<typeof sendMessageSchema>,
  ): Promise<ConversationMessage> {
    return this.conversations.sendMessage(user, id, body);
  }

  @SignedIn()
  @Answers(conversationSchema)
  @Post('conversations/:id/read')
  @HttpCode(HttpStatus.OK)
  read(@CurrentUser() user: SessionUser, @Param('id', conversationId) id: string): Promise<Conversation> {
    return this.conversations.read(user.id, id);
  }

  @SignedIn()
  @Answers(conversationSchema)
  @Post('conversations/:id/block')
  @HttpCode(HttpStatus.OK)
  block(@CurrentUser() user: SessionUser, @Param('id', conversationId) id: string): Promise<Conversation> {
    return this.conversations.block(user.id, id);
  }

  /** Lifts the caller's block of the other person, in every conversation of theirs. */
  @SignedIn()
  @Answers(conversationSchema)
  @Post('conversations/:id/unblock')
  @HttpCode(HttpStatus.OK)
  unblock(@CurrentUser() user: SessionUser, @Param('id', conversationId) id: string): Promise<Conversation> {
    return this.conversations.unblock(user.id, id);
  }

  @SignedIn()
  @Answers(messageResponseSchema)
  @Post('conversations/:id/report')
  @HttpCode(HttpStatus.OK)
  async report(
    @CurrentUser() user: SessionUser,
    @Param('id', conversationId) id: string,
    @Body(new ZodPipe(conversationReportSchema)) body: ConversationReport,
  ): Promise<MessageResponse> {
    await this.conversations.report(user.id, id, body);
    return { message: translateMessage('conversationReported') };
  }

  @AdminOnly()
  @Answers(reportedConversationPageSchema)
  @Get('admin/conversations/reported')
  reported(@Query(new ZodPipe(conversationsQuerySchema)) query: z.infer<typeof conversationsQuerySchema>): Promise<ReportedConversationPage> {
    return this.conversations.reported(query.page);
  }

  /** A reported conversation's thread; every read is recorded. */
  @AdminOnly()
  @Answers(moderatorThreadPageSchema)
  @Get('admin/conversations/:id/messages')
  moderatorRead(
    @CurrentUser() user: SessionUser,
    @Param('id', conversationId) id: string,
    @Query(new ZodPipe(messagesQuerySchema)) query: z.infer<typeof messagesQuerySchema>,
  ): Promise<ModeratorThreadPage> {
    return this.conversations.moderatorRead(user.id, id, query.before);
  }
}

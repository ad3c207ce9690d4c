"""Hand-written texts for probe-crawl-2 (written for this probe; fictional events and places).

Paragraphs are separated by ' / '.
"""

# --- Independent reports: the same event told by two outlets in their own words -------------
# (event id, outlet A title, text A, outlet B title, text B).  Shared facts, different wording;
# E4 shares one quoted official sentence on purpose.
EVENTS = [
    ('metro',
     '青川地铁3号线一期开通初期运营',
     '本网讯 3月18日上午9时，青川市地铁3号线一期工程正式开通初期运营。该线路全长24.6公里，设车站19座，连接城东高铁站与西部科技园区。 / '
     '记者在首班列车上看到，不少市民专程赶来体验。家住滨江小区的王女士说，以前到高铁站要换乘两次公交，现在坐地铁半小时就能到。 / '
     '据青川地铁集团介绍，开通初期列车最小行车间隔为6分钟，运营时间为6时至23时。3号线与1号线在人民广场站实现换乘。 / '
     '按照规划，3号线二期工程将向北延伸至空港新区，预计2026年底建成。',
     '地铁3号线开门迎客 首日客流超8万人次',
     '千帆网讯（记者 李航）青川市民期待已久的地铁3号线18日开门迎客。这条贯穿城市东西的线路，让高铁站到科技园区的通勤时间缩短了近一半。 / '
     '运营首日客流火爆。截至当天下午5时，全线进站客流已超过8万人次，人民广场换乘站一度采取限流措施。 / '
     '“早高峰能不能再加密一些？”在科技园区站，上班族小陈建议。对此，运营方表示将根据客流监测情况动态调整运力。 / '
     '值得一提的是，3号线全线车站均支持刷码和银行卡闪付进站，部分车站还设置了母婴室和无障碍电梯。'),
    ('rain',
     '江北区遭遇短时强降雨 多部门连夜排涝',
     '本网讯 受强对流天气影响，6日下午江北区遭遇短时强降雨，最大小时雨量达到72毫米。区气象台于15时20分发布暴雨红色预警信号。 / '
     '强降雨造成江北大道、新华路等多处路段积水，部分公交线路临时绕行。区应急管理局随即启动防汛四级应急响应，调派抽排水设备40余台赶赴现场。 / '
     '截至晚间8时，主要道路积水已基本排除，全区未接到人员伤亡报告。气象部门提醒，未来三天仍有阵雨，市民出行请注意安全。',
     '一场大雨后的下班路',
     '一场突如其来的大雨，让江北区不少市民在下班路上犯了难。6日傍晚，记者在新华路与江北大道交叉口看到，积水最深处没过小腿，几辆私家车熄火停在路中间。 / '
     '“十分钟不到，雨就大得看不清对面的楼。”在附近商场工作的刘先生说，他和同事在门口等了一个多小时才等到雨势减弱。 / '
     '应急、城管、交警等部门的工作人员冒雨在现场疏导交通，用抽水泵排除路面积水。一位正在指挥车辆的交警告诉记者，他们从下午4点就一直守在路口。 / '
     '据了解，这轮降雨过程将持续到本周末，相关部门已提前对低洼路段和地下通道进行排查。'),
    ('car',
     '远航汽车发布首款中型SUV 售价18.98万元起',
     '快读科技讯 3月12日晚，国产新能源品牌远航汽车在青川发布旗下首款中型SUV“远航Y7”。新车共推出三个版本，官方指导价区间为18.98万元至24.58万元。 / '
     '动力方面，远航Y7搭载双电机四驱系统，综合功率达到390千瓦，百公里加速时间为4.2秒。电池采用磷酸铁锂方案，CLTC工况下续航里程最高为720公里。 / '
     '智能化配置上，新车配备高速领航辅助驾驶功能，座舱芯片采用自研方案。远航汽车表示，新车将于4月上旬开启交付。',
     '远航Y7发布会现场体验：价格很有诚意',
     '昨晚去了远航Y7的发布会现场，简单聊聊第一印象。 / '
     '先说价格，不到19万元起步，这个定价在同级别里相当有诚意，发布会现场掌声最响的就是公布价格那一刻。 / '
     '外观我个人很喜欢，贯穿式灯带加上封闭式前脸，辨识度很高。试乘环节坐了后排，腿部空间比想象中宽裕，不过后排地板有点高，个子高的人坐久了膝盖会有点累。 / '
     '比较遗憾的是，现场没能体验辅助驾驶，只能等正式交付之后再找机会试试了。总的来说，这是一台值得去店里看看的车。'),
    ('exam',
     '今年全省高考报名人数68.2万',
     '本网讯 记者从省教育考试院获悉，今年全省普通高考报名人数为68.2万人，比去年增加3.1万人。其中，参加夏季高考的考生约55万人，其余为春季高考考生。 / '
     '考试院相关负责人介绍，今年高考将于6月7日开考，全省共设考点210个、考场2.3万个。为保障考试安全，所有考场均配备了视频监控和无线信号屏蔽设备。 / '
     '考试院提醒考生，准考证将于6月1日起开放下载打印，请考生妥善保管个人信息，不要轻信所谓的“内部指标”等虚假信息。',
     '高考倒计时：报名人数增加，考生不必过度焦虑',
     '距离高考还有不到三个月，考生和家长的心情日渐紧张。省教育考试院近日发布的数据显示，今年全省普通高考报名人数为68.2万人，比去年增加3.1万人。 / '
     '报名人数增加，是否意味着竞争更加激烈？南港一中高三年级组长赵老师认为，近年来高校招生计划也在同步扩大，考生不必过度焦虑，“把基础知识吃透，比盲目刷题更重要”。 / '
     '记者走访发现，不少家长开始为孩子准备营养餐和考前心理疏导。市心理咨询热线的工作人员表示，进入三月以来，有关考试焦虑的来电明显增多。'),
    ('marathon',
     '2024青川国际马拉松开跑 3万名跑者参赛',
     '本网讯 3月24日，2024青川国际马拉松鸣枪开跑，来自28个国家和地区的3万名跑者参加比赛。本届赛事设全程马拉松、半程马拉松和健康跑三个项目。 / '
     '经过激烈角逐，肯尼亚选手基普罗蒂奇以2小时09分33秒的成绩获得男子全程马拉松冠军，女子组冠军由埃塞俄比亚选手阿贝贝获得。中国选手杨晓峰获得男子组第五名，创造个人最好成绩。 / '
     '赛事组委会介绍，本届比赛沿途设置补给站20个、医疗点32个，并首次启用智能计时芯片和实时成绩查询系统。',
     '第三次跑青马：四小时二十分，明年还来',
     '凌晨五点起床，六点半到起点存包，这是我第三次跑青川马拉松。今年报名的人特别多，起点的检录区排起了长队。 / '
     '前半程天气很凉快，沿着滨江路跑，风景真的没得说。过了三十公里开始抽筋，在医疗点喷了两次药才缓过来，最后四公里几乎是走完的。 / '
     '最后成绩四小时二十分，比去年慢了十分钟，但能完赛已经很满足了。特别感谢沿途加油的市民，有位阿姨一直在给大家递橘子，太暖心了。明年还来！'),
    ('museum',
     '“江河遗珍”考古成果展开幕 260余件文物亮相',
     '本网讯 由青川博物馆与省考古研究院联合主办的“江河遗珍——青川地区考古成果展”15日开幕。展览共展出青铜器、陶瓷器、玉器等文物260余件（套），其中120余件为首次公开展出。 / '
     '展览分为“文明曙光”“城邑初兴”“商贸繁华”三个单元，系统呈现了近十年来青川地区的重要考古发现。镇馆之宝之一的商代兽面纹铜尊也在本次展览中亮相。 / '
     '据悉，展览将持续至8月31日，市民可通过博物馆官方公众号免费预约参观，每周一闭馆。',
     '带娃逛考古展：那件铜尊真的值得一看',
     '周末带孩子去看了青川博物馆新开的考古展，人比想象的多，建议大家早点去。 / '
     '最让人印象深刻的是那件兽面纹铜尊，放在展厅正中央的独立展柜里，纹饰非常精细，讲解员说这是三千多年前的东西，孩子听得目不转睛。 / '
     '展厅里还有一个互动区，可以用平板“拼”碎陶片，小朋友们玩得很开心。唯一的遗憾是部分展柜的灯光有点反光，拍照不太方便。整体来说非常值得一看，而且是免费的。'),
]

# --- English stories --------------------------------------------------------------------------
EN = [
    ('en_metro', 'Qingchuan opens third metro line',
     'QINGCHUAN, March 18 -- The third line of the Qingchuan metro opened to passengers on Monday morning, linking the east high-speed rail station with the western science park. / '
     'The 24.6-kilometre line has 19 stations and cuts the trip between the two districts to about 30 minutes. Trains run every six minutes during the first weeks of service, from 6 am to 11 pm. Passengers can change to Line 1 at People\'s Square. / '
     'City planners say a northern extension to the airport district is due to be completed by the end of 2026. / '
     '"It used to take me two buses and an hour," said Wang Li, a commuter who rode the first train. "Now I can read a chapter of a book and I am there."'),
    ('en_port', 'Dongyue port handles record cargo',
     'Dongyue port handled a record 312 million tonnes of cargo last year, up 7.4 percent from a year earlier, the port authority said on Tuesday. Container traffic rose faster than bulk cargo, reaching 9.8 million standard units. / '
     'Officials credited new shipping routes to Southeast Asia and a rail link that brings goods from inland provinces directly to the docks. The authority plans to add four automated berths by next summer. / '
     'Analysts warned, however, that slower demand in Europe could weigh on growth this year. "The first quarter will tell us a lot," said Chen Hao, a logistics researcher at Dongyue University.'),
    ('en_tea', 'Spring tea festival draws 40,000 to Nangang hills',
     'More than 40,000 visitors came to the hills outside Nangang at the weekend for the town\'s spring tea festival, now in its twelfth year. Farmers set up stalls along the old stone road, offering cups of freshly roasted green tea and demonstrating how the leaves are rolled by hand. / '
     'Local officials said sales during the two-day event topped 18 million yuan. This year\'s festival also included a contest for young tea makers, won by 24-year-old Lin Xiaoyu, who returned to her family\'s farm after studying marketing in Shanghai. / '
     '"People want to know where their tea comes from," she said. "Here they can meet the person who made it."'),
    ('en_flood_a', 'Flash flood swamps Jiangbei roads',
     'Heavy rain flooded several main roads in Jiangbei district on Wednesday afternoon, as up to 72 millimetres of rain fell in a single hour. The district weather bureau issued a red alert shortly after 3 pm. / '
     'Buses were diverted from Jiangbei Avenue and Xinhua Road, and emergency teams brought in more than 40 pumps. By evening most of the water had drained and no injuries were reported. / '
     'Forecasters expect showers to continue for three more days and advised residents to avoid underpasses and low-lying streets.'),
    ('en_flood_b', 'Commuters wade home after sudden downpour',
     'Commuters in Jiangbei waded home through knee-deep water on Wednesday after a sudden downpour overwhelmed drains during the evening rush. / '
     '"I have lived here twenty years and never seen the street turn into a river so fast," said shop worker Liu Jun, who waited more than an hour for the rain to ease. / '
     'Traffic police stood at flooded junctions to wave cars around stalled vehicles, while city workers cleared blocked gratings by hand. Officials said they had inspected low-lying roads and tunnels ahead of more rain expected this weekend.'),
    ('en_robot', 'Warehouse robot maker raises 450 million yuan',
     'Hangxin Robotics, a Qingchuan start-up that builds warehouse robots, has raised 450 million yuan in a new funding round led by a state-backed industrial fund. / '
     'The company, founded in 2019 by three former university researchers, said it would use the money to expand production and open offices in Singapore and Germany. Its robots, which move shelves to packing stations, are used by more than 60 logistics firms. / '
     'Chief executive Zhou Ming said orders had doubled in the past year as online retailers looked for ways to cut delivery times. The company has not said whether it plans to list its shares.'),
    ('en_air', 'City logs 301 days of clean air',
     'Qingchuan recorded 301 days of good or excellent air quality last year, 19 more than in the previous year, the city\'s environment bureau said. The average concentration of fine particulate matter, known as PM2.5, fell to 29 micrograms per cubic metre. / '
     'Officials pointed to the closure of small coal-fired boilers, stricter checks on construction dust and the replacement of more than 6,000 diesel buses with electric ones. / '
     'Environmental groups welcomed the figures but said ozone pollution in summer remained a concern. The bureau plans to publish hourly ozone data for every district from next month.'),
    ('en_rail', 'Railways carry record holiday passengers',
     'BEIJING, Jan. 5 (Xinhua) -- China\'s railways carried a record number of passengers during the New Year holiday, the national railway operator said Friday. / '
     'About 13.5 million trips were made on the first day of the three-day holiday, with extra trains added on busy routes linking major cities. Online ticket sales accounted for more than 80 percent of the total. / '
     'The operator said it would continue to add services ahead of the Spring Festival travel rush, which begins later this month and is expected to see hundreds of millions of trips.'),
    ('en_contest', 'Student team wins national robotics contest',
     'A team of students from Nangang Institute of Technology won the national university robotics contest in Qingchuan on Sunday, beating 86 teams from across the country. / '
     'Their robot, built to sort recycling, picked out plastic, glass and paper from a moving belt with 97 percent accuracy. Team leader He Jia, a third-year engineering student, said the group spent eight months on the project, often working in the lab until midnight. / '
     'The winners will represent China at an international competition in Seoul in October. Judges praised the robot\'s low cost: its parts cost less than 3,000 yuan.'),
]

# --- Mixed Chinese / English technical posts -------------------------------------------------
MIXED = [
    ('mx_async', '用 Python asyncio 写一个简单的并发爬虫',
     '最近在做一个数据采集的小项目，需要同时抓取几百个页面。最开始用 requests 串行请求，跑完一轮要二十多分钟，于是改用 asyncio 加 aiohttp 重写了一遍。 / '
     '核心思路很简单：用 asyncio.Semaphore 控制并发数，避免把对方服务器打挂；每个任务调用 session.get() 获取页面，失败时按指数退避重试三次。 / '
     '实测下来，并发数设为 20 时，同样的任务只需要一分半钟。需要注意的是，aiohttp 的 ClientSession 最好全局复用，不要每个请求都新建一个，否则会很快耗尽文件描述符。 / '
     '另外，如果目标站点有 robots.txt 限制，一定要遵守，并在 User-Agent 里写清楚联系方式。'),
    ('mx_docker', 'Docker 镜像瘦身的几个实用技巧',
     '线上服务的镜像一度超过 1.2GB，每次部署拉取都要好几分钟。花了一个下午排查，最后把镜像压到了 180MB 左右，记录一下做法。 / '
     '第一，使用 multi-stage build：在 builder 阶段安装编译依赖并构建产物，最终阶段只 COPY 需要的二进制文件。第二，基础镜像从 ubuntu 换成 debian-slim 或 alpine，但要注意 alpine 使用 musl libc，个别依赖可能出现兼容问题。 / '
     '第三，合并 RUN 指令并在同一层清理 apt 缓存，比如在 apt-get install 之后执行 rm -rf /var/lib/apt/lists/*。第四，写好 .dockerignore，把 .git、node_modules 和测试数据排除在外。 / '
     '做完这些之后，CI 的构建时间也从八分钟降到了三分钟。'),
    ('mx_git', 'Git rebase 和 merge 到底该用哪个',
     '团队里经常有人问：合并分支的时候，应该用 git merge 还是 git rebase？我的看法是，两者没有绝对的好坏，关键看场景。 / '
     'merge 会保留完整的分支历史，生成一个 merge commit，适合合并已经推送到远端、多人协作的分支。rebase 则会把你的提交“挪”到目标分支的最新提交之后，历史是一条直线，看起来更清爽。 / '
     '但要记住一条铁律：不要对已经推送、别人可能基于它开发的分支执行 rebase，否则会改写公共历史，给同事带来麻烦。 / '
     '我们团队的约定是：本地整理提交用 git rebase -i，合并到 main 时使用 GitHub 的 Squash and merge。'),
]

GLOSSARY = [('中国', 'China'), ('经济', 'economy'), ('发展', 'development'), ('改革', 'reform'),
            ('企业', 'enterprise'), ('农村', 'rural areas'), ('人民', 'the people'), ('政府', 'government'),
            ('市场', 'market'), ('建设', 'construction'), ('国际', 'international'), ('会议', 'conference'),
            ('社会', 'society'), ('文化', 'culture'), ('科技', 'science and technology'), ('投资', 'investment'),
            ('教育', 'education'), ('农民', 'farmers'), ('工业', 'industry'), ('城市', 'city'), ('改革开放', 'reform and opening-up'),
            ('基础设施', 'infrastructure'), ('出口', 'exports'), ('增长', 'growth')]

# --- Comments (news sites) --------------------------------------------------------------------
C_OPEN = ['', '', '', '说得好！', '支持一下，', '转发了。', '哈哈，', '顶！', '楼上说得对，', '作为当地人，', '看完很感动，',
          '有一说一，', '路过，', '第一次评论，', '同意，']
C_BODY = ['希望相关部门能真正落到实处。', '这才是我们老百姓想看到的新闻。', '我们村里去年也搞了类似的项目，效果挺好。',
          '数据很详实，点个赞。', '什么时候能推广到我们县？', '记者辛苦了，报道很及时。', '别光说不练，关键看执行。',
          '想起了小时候的事情，那时候条件可差多了。', '建议多关注一下偏远地区的情况。', '这个政策对中小企业来说是利好。',
          '上周刚回老家，变化确实很大。', '文章写得很实在，没有空话套话。', '有没有后续报道？想知道最后的结果。',
          '我爸就是干这一行的，确实不容易。', '看标题还以为是别的事，点进来才明白。', '身边的朋友都在讨论这件事。',
          '这种事情要多宣传，让更多人知道。', '物价能不能也管一管？', '年轻人也要多关心这些事。', '细节写得很生动，像身临其境。',
          '去年我们单位也组织学习过。', '感觉还有很长的路要走。', '基层干部真的很辛苦。', '期待明年会更好。',
          '能不能把图片也放上来？', '这个数字比我想象的要大。', '转给家里老人看看。', '别的地方可以学习一下经验。',
          '说到底还是要靠自己努力。', '评论区的各位都很理性。', '从外地回来一看，路修得真好。', '希望不要只是一阵风。']
C_CLOSE = ['', '', '', '加油！', '期待后续报道。', '已收藏。', '……', '赞一个。']
C_NAMES = ['江城老王', '青川小李', '滨江居民', '路人甲', '南港阿明', '风中的蒲公英', '老张爱喝茶', '一只快乐的猫', '北塬游子',
           '东岳山下', '退休教师刘', '大学生小周', '跑步的胖子', '夜班司机', '麦田守望', '晴天', '雨后彩虹', '老兵新传',
           '种花的阿姨', '水电工小赵', '看客', '追风少年', '静水流深', '半杯咖啡']

# --- Editor's notes, ad lines, related labels -------------------------------------------------
EDNOTES = ['编者按：{h}，这一话题近来受到读者广泛关注。今天我们转载这篇报道，供大家参考。',
           '编者按：日前，《人民日报》刊发了题为《{h}》的报道。现将全文转载如下，以飨读者。',
           '【编者的话】有读者来信希望我们多刊登一些来自基层的报道。本期转发《{h}》一文，欢迎大家留言讨论。',
           '导读：本文原载于人民日报，讲述了“{h}”背后的故事。文章较长，建议收藏后阅读。']

ADS_KANDIAN = ['扫码关注“今日看点”公众号，每天推送最新最热资讯，还有机会赢取精美礼品！',
               '【广告】春季家装节火热进行中，全屋定制满5000元立减800元，详情请咨询400-800-1234。',
               '下载今日看点APP，新用户注册即送30元现金红包，阅读新闻还能赚零花钱。']

# --- Government notices ----------------------------------------------------------------------
PEN_BOILER = [
    '本局于{d2}依法对当事人立案调查。调查期间，本局依法向当事人送达了《行政处罚告知书》，告知当事人拟作出行政处罚的事实、理由、依据及依法享有的陈述、申辩和要求听证的权利。当事人在法定期限内未提出陈述、申辩意见，也未要求举行听证。',
    '当事人应当自收到本决定书之日起十五日内，将罚没款缴至指定银行账户。逾期不缴纳罚款的，本局将依据《中华人民共和国行政处罚法》第七十二条第一款第一项的规定，每日按罚款数额的百分之三加处罚款，加处罚款的数额不超过罚款的数额。',
    '当事人如不服本处罚决定，可以在收到本处罚决定书之日起六十日内向青川市人民政府申请行政复议；也可以在六个月内直接向青川市江北区人民法院提起行政诉讼。申请行政复议或者提起行政诉讼的，行政处罚决定不停止执行，法律另有规定的除外。',
    '当事人逾期不申请行政复议或者提起行政诉讼，又不履行本行政处罚决定的，本局将依法申请人民法院强制执行。根据《市场监督管理行政处罚信息公示规定》，本行政处罚决定信息将通过国家企业信用信息公示系统向社会公示。',
]
PEN_GOODS = [('酱油', '氨基酸态氮', 'GB 2717-2018《食品安全国家标准 酱油》'), ('食用植物油', '酸价', 'GB 2716-2018《食品安全国家标准 植物油》'),
             ('儿童服装', '纤维含量', 'GB 31701-2015《婴幼儿及儿童纺织产品安全技术规范》'), ('电热水壶', '标志和说明', 'GB 4706.19-2008《家用和类似用途电器的安全》'),
             ('散装白酒', '甲醇', 'GB 2757-2012《食品安全国家标准 蒸馏酒及其配制酒》'), ('LED灯具', '输入功率', 'GB 7000.1-2015《灯具 第1部分：一般要求与试验》'),
             ('豆芽', '6-苄基腺嘌呤', '《关于豆芽生产过程中禁止使用6-苄基腺嘌呤等物质的公告》'), ('插座', '防触电保护', 'GB 2099.1-2008《家用和类似用途插头插座》'),
             ('蜂蜜', '果糖和葡萄糖', 'GB 14963-2011《食品安全国家标准 蜂蜜》'), ('鲜鸡蛋', '恩诺沙星', 'GB 31650-2019《食品安全国家标准 食品中兽药最大残留限量》'),
             ('学生书包', '可分解致癌芳香胺染料', 'GB/T 2912.1-2009《纺织品 甲醛的测定》'), ('矿泉水', '溴酸盐', 'GB 8537-2018《食品安全国家标准 饮用天然矿泉水》')]
CO_A = ['青川', '江北', '滨江', '东岳', '南港', '北塬', '临河', '云台', '丰泽', '安澜', '金穗', '瑞丰', '鸿运', '恒达', '新城', '万家']
CO_B = ['百货', '食品', '超市', '商贸', '粮油', '日用品', '便利店', '电器', '五金', '服饰', '副食品', '批发部']
CO_C = ['有限公司', '经营部', '商行', '有限责任公司', '店']
SURN = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段漕钱汤尹黎易常武乔贺赖龚文'
GIVEN = ['伟', '芳', '娜', '敏', '静', '秀英', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞',
         '平', '刚', '桂英', '建华', '志强', '海燕', '小红', '国庆', '卫东', '晓峰', '春梅', '德明']
STREETS = ['人民路', '解放大道', '滨江路', '新华路', '建设街', '中山路', '江北大道', '文化路', '胜利街', '和平路', '朝阳路', '长安街']

PROC_BOILER = [
    '七、公告期限：自本公告发布之日起1个工作日。',
    '八、其他补充事宜：各有关当事人对中标（成交）结果有异议的，可以在中标（成交）公告期限届满之日起7个工作日内，以书面形式向采购人或采购代理机构提出质疑，逾期将不再受理。质疑函应当包括质疑供应商的基本信息、质疑项目的名称及编号、具体明确的质疑事项和与质疑事项相关的请求、事实依据、必要的法律依据以及提出质疑的日期。',
    '供应商对采购人、采购代理机构的质疑答复不满意，或者采购人、采购代理机构未在规定时间内作出答复的，可以在答复期满后15个工作日内向同级政府采购监督管理部门投诉。投诉人应当根据本法第五十五条的规定提起投诉，并提交投诉书和必要的证明材料。',
    '九、对本次公告内容提出询问，请按以下方式联系：采购代理机构名称：青川市公共资源交易中心；地址：青川市江北区市民中心B座4楼；联系人：政府采购科；联系电话：0539-8881234。',
]
PROC_ITEMS = [('办公家具采购', '办公桌椅、文件柜、会议桌等', '套'), ('教学多媒体设备采购', '交互式智能平板、实物展台、音响设备', '台'),
              ('道路照明设施维护服务', '城区主干道路灯维修养护', '项'), ('食堂食材配送服务', '米面粮油、蔬菜、肉类配送', '项'),
              ('电子政务云服务', '云主机、云存储及安全服务', '项'), ('医用耗材采购', '一次性注射器、输液器、医用手套', '批'),
              ('校园安防监控系统建设', '高清摄像机、存储服务器及平台软件', '套'), ('园林绿化养护服务', '公园及道路绿地养护', '项'),
              ('公务用车租赁服务', '7座商务车、5座轿车租赁', '辆'), ('档案数字化加工服务', '纸质档案扫描、著录及数据挂接', '项'),
              ('垃圾分类设施采购', '四分类垃圾桶、分类亭', '个'), ('消防器材采购', '灭火器、消防水带、应急照明灯', '批')]
BUYERS = ['青川市第一中学', '青川市人民医院', '青川市城市管理局', '江北区教育局', '青川市档案馆', '滨江街道办事处', '青川市机关事务管理局',
          '江北区卫生健康局', '青川市园林绿化中心', '青川市实验小学', '青川市公安局交通警察支队', '青川市图书馆']

OPEN_BOILER = [
    '根据《中华人民共和国政府信息公开条例》第三十六条的规定，现将有关情况告知如下。',
    '如对本答复不服，可以在收到本答复之日起60日内向青川市人民政府申请行政复议，或者在6个月内向青川市江北区人民法院提起行政诉讼。',
    '特此告知。',
]
OPEN_REQ = ['江北区{y}年老旧小区改造项目清单及资金使用情况', '{street}道路拓宽工程的立项批复文件', '江北区{y}年度城乡居民最低生活保障资金发放情况',
            '{street}沿线商铺的征收补偿方案', '江北区第{n}中学新建教学楼的规划许可证', '{street}公交站点迁移的决策依据',
            '江北区{y}年度财政预算执行情况报告', '江北区农贸市场升级改造的招标文件', '{street}地块土地出让合同', '江北区{y}年度环境空气质量监测数据']
OPEN_OUT = ['经查，您申请公开的信息属于本机关主动公开的范围，已在江北区人民政府门户网站“政府信息公开”栏目公开，您可以通过该网站查询获取。',
            '经查，本机关未制作、获取您所申请的政府信息，该信息不存在。',
            '经查，您申请公开的信息涉及第三方合法权益，本机关已书面征求第三方意见，第三方不同意公开，且不公开不会对公共利益造成重大影响，本机关决定不予公开。',
            '经查，您申请的信息由江北区住房和城乡建设局负责制作和保存，建议您向该单位咨询，联系电话：0539-8762233。',
            '经查，现将您申请公开的信息以电子邮件的方式提供给您，请注意查收。']

# --- Press releases ---------------------------------------------------------------------------
PR_COMPANIES = [
    ('航芯机器人', '关于航芯机器人：航芯机器人科技（青川）有限公司成立于2019年，是一家专注于智能仓储机器人研发与制造的国家级高新技术企业。公司产品覆盖货架搬运机器人、料箱机器人和智能调度系统，已服务电商、医药、汽车零部件等行业的六十余家客户，在全国设有五个研发中心。'),
    ('绿源乳业', '关于绿源乳业：绿源乳业集团股份有限公司始创于1996年，总部位于东岳省青川市，是集奶牛养殖、乳品研发、生产和销售于一体的全产业链乳制品企业。公司拥有十二座现代化牧场和八个生产基地，产品销往全国三十多个省区市。'),
    ('云台文旅', '关于云台文旅：云台文化旅游发展集团有限公司是青川市属国有骨干企业，主要从事旅游景区开发运营、酒店管理、文化演艺和旅游商品开发等业务，旗下拥有云台山、临河古镇等国家4A级以上景区六家。'),
]
PR_DISCLAIMER = '免责声明：本文系企业供稿，商讯通仅提供信息发布平台，文章内容不代表本网观点，本网不对其真实性、准确性负责。投资有风险，决策需谨慎。'
